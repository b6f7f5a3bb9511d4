import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors.js';
import { inspectModelFile, sha256OfFile } from '../../../electron/llm/gguf-metadata.js';
import { encodeGguf, type GgufEntry } from '../../../models/gguf-writer.js';
import { writeBadGguf } from '../../../models/make-test-model.js';
import { tinyModelPath } from '../../helpers/tiny-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-gguf-');
let dir = '';
let tiny = '';

beforeAll(async () => {
  dir = tempDir();
  tiny = tinyModelPath();
});

/** Expects `promise` to reject with an AppError of `code` whose message matches `pattern`. */
async function expectAppError(promise: Promise<unknown>, code: string, pattern: RegExp): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toMatch(pattern);
}

/** A GGUF header written by hand, for shapes the tiny-model generator never makes. */
function rawHeader(parts: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from('GGUF', 'latin1'), ...parts]);
}
function u32(value: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(value);
  return b;
}
function u64(value: bigint): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(value);
  return b;
}
function ggufString(value: string): Buffer {
  return Buffer.concat([u64(BigInt(Buffer.byteLength(value))), Buffer.from(value)]);
}

describe('inspectModelFile', () => {
  it('describes the tiny Qwen3 model', async () => {
    const info = await inspectModelFile(tiny);
    expect(info).toEqual({
      fileName: 'tiny-qwen3.gguf',
      name: 'Unlinkable tiny test model',
      architecture: 'qwen3',
      kind: 'generator',
      // 2 × 266 × 64 (embeddings, output) + 64 (output norm) + 2 blocks × 37 024.
      parameterCount: 108_160,
      quantization: 'F32',
      contextLength: 2048,
      embeddingLength: 64,
      blockCount: 2,
      vocabularySize: 266,
      hasChatTemplate: true,
      fileSizeBytes: readFileSync(tiny).length,
      ggufVersion: 3,
    });
  });

  it('rejects a truncated file as incomplete', async () => {
    const path = join(dir, 'truncated.gguf');
    await writeBadGguf(path, 'truncated');
    await expectAppError(inspectModelFile(path), 'model-invalid', /truncated\.gguf is incomplete.*Download or copy it again/);
  });

  it('rejects a file missing feed_forward_length before llama.cpp can abort on it', async () => {
    const path = join(dir, 'missing.gguf');
    await writeBadGguf(path, 'missing-feed-forward-length');
    await expectAppError(inspectModelFile(path), 'model-invalid', /lacks settings llama\.cpp needs.*qwen3\.feed_forward_length/);
  });

  it('rejects non-GGUF bytes, an empty file, a folder and a missing file', async () => {
    const notGguf = join(dir, 'not-gguf.gguf');
    const empty = join(dir, 'empty.gguf');
    await writeBadGguf(notGguf, 'not-gguf');
    await writeBadGguf(empty, 'empty');
    await expectAppError(inspectModelFile(notGguf), 'model-invalid', /is not a GGUF model file/);
    await expectAppError(inspectModelFile(empty), 'model-invalid', /is empty \(0 bytes\)/);
    await expectAppError(inspectModelFile(dir), 'model-invalid', /is a folder/);
    await expectAppError(inspectModelFile(join(dir, 'absent.gguf')), 'not-found', /was not found/);
  });

  it('rejects an architecture off the allow-list, naming the supported ones', async () => {
    const path = join(dir, 'mamba.gguf');
    const entries: GgufEntry[] = [{ key: 'general.architecture', type: 'string', value: 'mamba' }];
    writeFileSync(path, encodeGguf(entries, [{ name: 'x', dims: [4], data: new Float32Array(4) }]));
    await expectAppError(inspectModelFile(path), 'model-invalid', /architecture "mamba", which Unlinkable does not support.*Qwen3/);
  });

  it('refuses absurd counts and lengths without allocating them', async () => {
    const cases: [string, Buffer][] = [
      ['tensor count', rawHeader([u32(3), u64(1n << 40n), u64(1n)])],
      ['array length', rawHeader([u32(3), u64(0n), u64(1n), ggufString('tokenizer.ggml.tokens'), u32(9), u32(8), u64(1n << 50n)])],
      ['string length', rawHeader([u32(3), u64(0n), u64(1n), ggufString('general.name'), u32(8), u64(1n << 45n)])],
      ['64-bit overflow', rawHeader([u32(3), u64(0n), u64(1n), ggufString('general.name'), u32(8), u64(0xffffffffffffffffn)])],
      ['version', rawHeader([u32(0x03000000), u64(0n), u64(0n)])],
    ];
    for (const [name, bytes] of cases) {
      const path = join(dir, `absurd-${name.replace(/\W/g, '-')}.gguf`);
      writeFileSync(path, bytes);
      const before = process.memoryUsage().rss;
      await expectAppError(inspectModelFile(path), 'model-invalid', /damaged|incomplete/);
      // Refused from the header, not after trying to allocate terabytes.
      expect(process.memoryUsage().rss - before, name).toBeLessThan(256 * 1024 * 1024);
    }
  });
});

describe('sha256OfFile', () => {
  it('hashes the file, reporting progress up to its size', async () => {
    const progress: [number, number][] = [];
    const hash = await sha256OfFile(tiny, { onProgress: (done, total) => progress.push([done, total]) });
    expect(hash).toBe(createHash('sha256').update(readFileSync(tiny)).digest('hex'));
    expect(progress.at(-1)).toEqual([readFileSync(tiny).length, readFileSync(tiny).length]);
  });

  it('stops with an AbortError when cancelled, and says when the file is missing', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(sha256OfFile(tiny, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    await expectAppError(sha256OfFile(join(dir, 'absent.gguf')), 'not-found', /was not found/);
  });
});
