/**
 * Made once per `vitest run`: the tiny random-weight Qwen3 GGUF that the runtime, rewriter
 * and evaluation tests load. Tests read it (never write it) through tinyModelPath();
 * a test that needs a variant copies it first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { writeTinyQwen3Gguf } from '../models/make-test-model.js';

declare module 'vitest' {
  export interface ProvidedContext {
    tinyModelPath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const folder = mkdtempSync(join(tmpdir(), 'unlinkable-tiny-model-'));
  const path = join(folder, 'tiny-qwen3.gguf');
  await writeTinyQwen3Gguf(path);
  project.provide('tinyModelPath', path);
  return () => rmSync(folder, { recursive: true, force: true });
}
