import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as metadata from '../../../electron/llm/gguf-metadata.js';
import type { LoadedModel, ModelLoadOptions } from '../../../electron/llm/llm-protocol.js';
import { ModelManager, describeBackend, loadForRewriting, modelFolders } from '../../../electron/rewriter/model-manager.js';
import { writeBadGguf, writeTinyQwen3Gguf } from '../../../models/make-test-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

vi.mock('../../../electron/llm/gguf-metadata.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../electron/llm/gguf-metadata.js')>();
  return { ...actual, sha256OfFile: vi.fn(actual.sha256OfFile) };
});

const tempDir = useTempDir('unlinkable-models-');
let folder = '';
let tiny = '';

/** A client that records loads and answers with the given backend. */
function fakeClient(backend: LoadedModel['backend']) {
  const loads: ModelLoadOptions[] = [];
  return {
    loads,
    async loadModel(path: string, options: ModelLoadOptions = {}): Promise<LoadedModel> {
      loads.push(options);
      const onCpu = backend === 'cpu' || options.gpu === false;
      return {
        info: await metadata.inspectModelFile(path),
        backend: onCpu ? 'cpu' : backend,
        gpuLayers: onCpu ? 0 : 3,
        contextSize: options.contextSize ?? 4096,
        sequences: options.sequences ?? 1,
        threads: options.threads ?? 1,
        purpose: options.purpose ?? 'generation',
        chatWrapper: 'ChatML',
      };
    },
  };
}

function memoryPreference() {
  let value: string | undefined;
  return { get: () => value, set: (path: string | undefined) => void (value = path) };
}

beforeAll(async () => {
  folder = tempDir();
  tiny = join(folder, 'qwen', 'tiny-qwen3.gguf');
  await writeTinyQwen3Gguf(tiny);
  await writeBadGguf(join(folder, 'broken.gguf'), 'truncated');
  writeFileSync(join(folder, 'notes.txt'), 'not a model');
});

describe('ModelManager', () => {
  it('lists the GGUF files of its folders with their facts, or why they cannot be used', async () => {
    const manager = new ModelManager({ folders: [folder, join(folder, 'missing')], client: fakeClient('cpu'), preference: memoryPreference() });
    const entries = await manager.list();
    expect(entries.map((e) => e.fileName)).toEqual(['broken.gguf', 'tiny-qwen3.gguf']);
    expect(entries[0]).toMatchObject({ info: null, problem: { code: 'model-invalid', message: expect.stringMatching(/incomplete/u) } });
    expect(entries[1]).toMatchObject({ path: tiny, problem: null, info: { architecture: 'qwen3', contextLength: 2048, quantization: expect.any(String) } });
    expect(entries[1]!.info!.parameterCount).toBeGreaterThan(0);
    expect(entries[1]!.sizeBytes).toBeGreaterThan(100_000);
  });

  it('follows links to GGUF files and folders, and passes over a broken link', async () => {
    const linked = join(tempDir(), 'linked');
    mkdirSync(join(linked, 'sub'), { recursive: true });
    symlinkSync(tiny, join(linked, 'linked-qwen3.gguf'));
    symlinkSync(folder, join(linked, 'sub', 'folder-link'));
    symlinkSync(join(linked, 'gone.gguf'), join(linked, 'broken-link.gguf'));
    const manager = new ModelManager({ folders: [linked], client: fakeClient('cpu'), preference: memoryPreference() });
    const entries = await manager.list();
    expect(entries.map((e) => e.fileName)).toEqual(['linked-qwen3.gguf']);
    expect(entries[0]).toMatchObject({ problem: null, info: { architecture: 'qwen3' } });
    // A linked folder is a subfolder like any other: its files are found, not its own subfolders (qwen/tiny-qwen3.gguf).
    const outer = new ModelManager({ folders: [join(linked, 'sub')], client: fakeClient('cpu'), preference: memoryPreference() });
    expect((await outer.list()).map((e) => e.fileName)).toEqual(['broken.gguf']);
  });

  it('remembers a valid choice only', async () => {
    const preference = memoryPreference();
    const manager = new ModelManager({ folders: [folder], client: fakeClient('cpu'), preference });
    await expect(manager.load()).rejects.toMatchObject({ code: 'model-invalid', message: expect.stringMatching(/No language model is chosen/u) });
    await expect(manager.choose(join(folder, 'broken.gguf'))).rejects.toMatchObject({ code: 'model-invalid' });
    expect(manager.chosen()).toBeUndefined();
    await manager.choose(tiny);
    expect(preference.get()).toBe(tiny);
    const { loaded, backend } = await manager.load();
    expect(loaded.backend).toBe('cpu');
    expect(backend).toMatch(/^CPU, \d+ threads?, 2 parallel sequences of 2048 tokens$/u);
    expect(await manager.identity()).toEqual({
      name: expect.any(String),
      sha256: await manager.sha256(tiny),
      architecture: 'qwen3',
      quantization: expect.any(String),
    });
  });

  it('hashes a file once, and again when it changes', async () => {
    const path = join(tempDir(), 'copy.gguf');
    await writeTinyQwen3Gguf(path);
    const manager = new ModelManager({ folders: [], client: fakeClient('cpu'), preference: memoryPreference() });
    const hashes = vi.mocked(metadata.sha256OfFile);
    const before = hashes.mock.calls.length;
    const first = await manager.sha256(path);
    expect(await manager.sha256(path)).toBe(first);
    expect(hashes.mock.calls.length).toBe(before + 1);
    await writeTinyQwen3Gguf(path, { seed: 2 });
    utimesSync(path, new Date(), new Date(Date.now() + 5_000));
    expect(await manager.sha256(path)).not.toBe(first);
    expect(hashes.mock.calls.length).toBe(before + 2);
  });
});

describe('loading for rewriting', () => {
  it('asks for four sequences when a GPU may be used, and the trained context up to 8192', async () => {
    const client = fakeClient('cuda');
    const loaded = await loadForRewriting(client, tiny);
    expect(client.loads).toEqual([{ contextSize: 2048, gpu: 'auto', sequences: 4 }]);
    expect(describeBackend(loaded)).toBe('CUDA, 3 layers on the GPU, 4 parallel sequences of 2048 tokens');
  });

  it('loads again with two sequences when the model came up on the CPU, and straight away when the GPU is off', async () => {
    const fellBack = fakeClient('cpu');
    expect((await loadForRewriting(fellBack, tiny, { threads: 2 })).sequences).toBe(2);
    expect(fellBack.loads.map((l) => [l.gpu, l.sequences, l.threads])).toEqual([
      ['auto', 4, 2],
      [false, 2, 2],
    ]);
    const cpu = fakeClient('cuda');
    await loadForRewriting(cpu, tiny, { gpu: false });
    expect(cpu.loads).toEqual([{ contextSize: 2048, gpu: false, sequences: 2 }]);
  });

  it('searches models/ of the checkout in development and the user-data folder when packaged', () => {
    expect(modelFolders({ packaged: true, appRoot: '/app', userData: '/data' })).toEqual(['/data/models']);
    expect(modelFolders({ packaged: false, appRoot: '/src', userData: '/data' })).toEqual(['/src/models', '/data/models']);
  });
});
