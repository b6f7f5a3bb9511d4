/**
 * The app's process must never load llama.cpp (a native abort there would take the app
 * down), and nothing may import 'electron' (it throws outside Electron). Checked on the
 * sources: every module the client reaches through value imports.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const llmDir = fileURLToPath(new URL('../../../electron/llm/', import.meta.url));

/** Module specifiers a file imports at run time (type-only imports and exports are erased). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?[^;]*?\bfrom\s+'([^']+)'/gm;
  for (const match of source.matchAll(statement)) if (match[2] === undefined) specifiers.push(match[3]!);
  for (const match of source.matchAll(/^\s*import\s+'([^']+)'/gm)) specifiers.push(match[1]!);
  for (const match of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) specifiers.push(match[1]!);
  return specifiers;
}

/** Every package the module graph from `entry` loads, following relative imports. */
function packagesReachedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe('process isolation of the model runtime', () => {
  it('keeps node-llama-cpp and electron out of the client', () => {
    const packages = packagesReachedFrom(`${llmDir}llm-client.ts`);
    expect(packages).toContain('node:child_process');
    expect(packages).not.toContain('node-llama-cpp');
    expect(packages).not.toContain('electron');
  });

  it('loads node-llama-cpp only in the child entry, which never imports electron', () => {
    const packages = packagesReachedFrom(`${llmDir}llm-child.ts`);
    expect(packages).toContain('node-llama-cpp');
    expect(packages).not.toContain('electron');
  });
});
