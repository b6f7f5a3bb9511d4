/**
 * The app's meaning check (rewriter/meaning-model.ts): all-MiniLM-L6-v2 found in a model
 * folder, shown on the Model screen's state, and loaded for the rewriter on first use.
 */
import { mkdirSync, symlinkSync } from 'node:fs';
import { basename } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isMeaningModel } from '../../../electron/rewriter/meaning-model.js';
import { AppServices } from '../../../electron/services/app-services.js';
import { modelHandlers } from '../../../electron/services/handlers/model-handlers.js';
import { realModel } from '../../helpers/real-models.js';
import { tinyModelPath } from '../../helpers/tiny-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-meaning-model-');
let services: AppServices | undefined;
afterEach(async () => {
  await services?.dispose();
  services = undefined;
});

/** The app on a fresh workspace whose one model folder holds `files` (links to them). */
function appWithModels(files: readonly string[]): AppServices {
  const workspace = tempDir();
  const folder = join(workspace, 'models');
  mkdirSync(folder);
  for (const file of files) symlinkSync(file, join(folder, basename(file)));
  services = new AppServices({ workspaceFolder: workspace, shell: 'browser', version: 'test', modelFolders: [folder] });
  return services;
}

describe('which model is the meaning check’s', () => {
  it('is an encoder named all-MiniLM-L6-v2, by its header or its file name; nothing else', () => {
    expect(isMeaningModel({ kind: 'embedder', name: 'all-MiniLM-L6-v2', fileName: 'x.gguf' })).toBe(true);
    expect(isMeaningModel({ kind: 'embedder', name: undefined, fileName: 'all-minilm-l6-v2-f16.gguf' })).toBe(true);
    // Another embedding model's similarities lie on another scale; a language model is no embedder.
    expect(isMeaningModel({ kind: 'embedder', name: 'bge-small-en', fileName: 'bge.gguf' })).toBe(false);
    expect(isMeaningModel({ kind: 'generator', name: 'all-MiniLM-L6-v2', fileName: 'all-MiniLM-L6-v2.gguf' })).toBe(false);
  });
});

const miniLm = realModel('embedding');
describe.skipIf(miniLm.path === null)('the app with all-MiniLM-L6-v2 in a model folder', () => {
  it('says on the Model screen that the meaning check is on, marks the file, and embeds with it on first use', async () => {
    const app = appWithModels([miniLm.path!, tinyModelPath()]);
    const state = await modelHandlers(app)['models:list']({});
    expect(state.meaningCheck).toEqual({ wanted: true, fileName: 'all-MiniLM-L6-v2-F32.gguf', minSimilarity: 0.5 });
    const row = (name: string) => state.models.find((m) => m.fileName === name)!;
    expect(row('all-MiniLM-L6-v2-F32.gguf')).toMatchObject({ embedding: true, meaningCheck: true });
    expect(row(basename(tinyModelPath()))).toMatchObject({ embedding: false, meaningCheck: false });

    const meaning = await app.meaningModel();
    expect(meaning?.fileName).toBe('all-MiniLM-L6-v2-F32.gguf');
    // The same model for the next rewrite: not loaded again.
    expect(await app.meaningModel()).toBe(meaning);
    const input = meaning!.input();
    expect(input.model).toBe('all-MiniLM-L6-v2');
    const vectors = await input.embed(['the harbour', 'the port']);
    expect(vectors.map((v) => v.length)).toEqual([384, 384]);

    // Turned off on the Model screen: the next rewrite gets no meaning model, though the file is there.
    expect((await modelHandlers(app)['models:meaning-check']({ on: false })).meaningCheck).toEqual({
      wanted: false,
      fileName: 'all-MiniLM-L6-v2-F32.gguf',
      minSimilarity: 0.5,
    });
    expect(await app.meaningModel()).toBeUndefined();
  }, 60_000);
});

describe('the app without it', () => {
  it('says the meaning check has no model, and gives the rewriter none', async () => {
    const app = appWithModels([tinyModelPath()]);
    expect((await modelHandlers(app)['models:list']({})).meaningCheck).toEqual({ wanted: true, fileName: null, minSimilarity: 0.5 });
    expect(await app.meaningModel()).toBeUndefined();
  });
});

describe('the Model screen’s switch', () => {
  it('turns the check off and on again, kept in the workspace across a restart; off, the rewriter gets no meaning model', async () => {
    const workspace = tempDir();
    const folder = join(workspace, 'models');
    mkdirSync(folder);
    const open = () => new AppServices({ workspaceFolder: workspace, shell: 'browser', version: 'test', modelFolders: [folder] });
    services = open();
    let foldersRead = vi.spyOn(services.models, 'list');
    await services.meaningModel();
    // On by default: each rewrite looks in the folders for the check's model.
    expect(foldersRead).toHaveBeenCalledTimes(1);

    const off = await modelHandlers(services)['models:meaning-check']({ on: false });
    expect(off.meaningCheck.wanted).toBe(false);
    foldersRead.mockClear();
    expect(await services.meaningModel()).toBeUndefined();
    // Off: not even looked for, so a model copied in later is not used either.
    expect(foldersRead).not.toHaveBeenCalled();

    await services.dispose();
    services = open();
    expect((await modelHandlers(services)['models:list']({})).meaningCheck.wanted).toBe(false);
    const on = await modelHandlers(services)['models:meaning-check']({ on: true });
    expect(on.meaningCheck.wanted).toBe(true);
    await services.dispose();
    services = open();
    expect((await modelHandlers(services)['models:list']({})).meaningCheck.wanted).toBe(true);
    foldersRead = vi.spyOn(services.models, 'list');
    await services.meaningModel();
    expect(foldersRead).toHaveBeenCalledTimes(1);
  });
});
