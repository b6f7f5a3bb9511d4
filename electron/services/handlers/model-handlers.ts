/**
 * The local language model: the GGUF files found, the choice (checked without loading),
 * how it runs once loaded, and its SHA-256 for the records.
 */
import { resolve } from 'node:path';
import { DEFAULT_REWRITE_SETTINGS, type ModelFile, type ModelState } from '../../../shared/ipc/types.js';
import { cachedSha256 } from '../../rewriter/model-identity.js';
import { describeBackend } from '../../rewriter/model-manager.js';
import { isMeaningModel } from '../../rewriter/meaning-model.js';
import { MIN_PHRASE_SIMILARITY } from '../../rewriter/meaning-check.js';
import { setPreference } from '../../workspace/workspace-db.js';
import type { AppServices, Handlers } from '../app-services.js';

const hashes = new Map<string, string>();

async function state(services: AppServices): Promise<ModelState> {
  const entries = await services.models.list();
  const models: ModelFile[] = entries.map((e) => ({
    path: e.path,
    fileName: e.fileName,
    sizeBytes: e.sizeBytes,
    architecture: e.info?.architecture ?? null,
    parameterCount: e.info?.parameterCount ?? null,
    quantization: e.info?.quantization ?? null,
    contextLength: e.info?.contextLength ?? null,
    problem: e.problem?.message ?? null,
    embedding: e.info?.kind === 'embedder',
    meaningCheck: e.info !== null && isMeaningModel(e.info),
  }));
  const chosen = services.models.chosen() || null;
  if (chosen !== null && !models.some((m) => m.path === chosen)) {
    try {
      const info = await services.models.describe(chosen);
      models.push({
        path: chosen,
        fileName: info.fileName,
        sizeBytes: info.fileSizeBytes,
        architecture: info.architecture,
        parameterCount: info.parameterCount,
        quantization: info.quantization,
        contextLength: info.contextLength,
        problem: null,
        embedding: info.kind === 'embedder',
        meaningCheck: isMeaningModel(info),
      });
    } catch (error) {
      models.push({
        path: chosen,
        fileName: chosen,
        sizeBytes: 0,
        architecture: null,
        parameterCount: null,
        quantization: null,
        contextLength: null,
        problem: (error as Error).message,
        embedding: false,
        meaningCheck: false,
      });
    }
  }
  const meaningFile = entries.find((e) => e.info !== null && isMeaningModel(e.info))?.fileName;
  const loaded = services.llm.model;
  let settings = DEFAULT_REWRITE_SETTINGS;
  let settingsProblem: string | null = null;
  try {
    settings = services.rewriteSettings();
  } catch (error) {
    // The screen still opens, on the defaults, so the clerk can save good settings over the damaged ones.
    settingsProblem = (error as Error).message;
  }
  return {
    settings,
    settingsProblem,
    folders: services.options.modelFolders?.slice() ?? [],
    models,
    chosen,
    backend: loaded === undefined ? null : describeBackend(loaded),
    sha256: chosen === null ? null : (hashes.get(chosen) ?? null),
    // The first of the folders', as the rewrite takes it (AppServices.meaningModel).
    meaningCheck: { wanted: services.meaningCheckWanted(), fileName: meaningFile ?? null, minSimilarity: MIN_PHRASE_SIMILARITY },
  };
}

export function modelHandlers(
  services: AppServices,
): Pick<Handlers, 'models:list' | 'models:choose' | 'models:settings' | 'models:meaning-check' | 'models:hash'> {
  return {
    'models:list': async () => state(services),
    'models:choose': async ({ path }) => {
      const absolute = resolve(path);
      await services.models.choose(absolute);
      services.useModel(absolute);
      return state(services);
    },
    'models:settings': async (settings) => {
      setPreference(services.db, 'rewrite-settings', JSON.stringify(settings));
      const chosen = services.models.chosen();
      if (chosen) services.useModel(chosen);
      return state(services);
    },
    'models:meaning-check': async ({ on }) => {
      services.setMeaningCheckWanted(on);
      return state(services);
    },
    'models:hash': async () => {
      const chosen = services.models.chosen();
      return services.jobs.start('model-hash', async (context) => {
        if (!chosen) throw new Error('No model is chosen.');
        const sha256 = await cachedSha256(chosen, { signal: context.signal, onProgress: (done, total) => context.progress('hashing', done, total) });
        hashes.set(chosen, sha256);
        return sha256;
      });
    },
  };
}
