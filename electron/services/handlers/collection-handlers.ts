/**
 * Collections: open, create, add and compact (as jobs on an import worker), remove documents,
 * list them, and Figure 2's statistics (cached in the workspace per content hash).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '../../../shared/errors.js';
import type { RequestOf } from '../../../shared/ipc/contract.js';
import type { CollectionSummary } from '../../../shared/ipc/types.js';
import { createImportClient } from '../../engine/engine-clients.js';
import type { InputsReport } from '../collections.js';
import { getPreference, setPreference } from '../../workspace/workspace-db.js';
import type { AppServices, Handlers } from '../app-services.js';
import { cachedStatisticsEntry, readCachedStatistics } from '../../index-store/statistics-cache.js';

type CollectionHandlers = Pick<
  Handlers,
  | 'collections:list'
  | 'collections:open'
  | 'collections:forget'
  | 'collections:policy'
  | 'collections:create'
  | 'collections:add'
  | 'collections:remove-documents'
  | 'collections:compact'
  | 'collections:documents'
  | 'collections:statistics'
>;

/** Paths of the import sources: uploads, or paths the clerk picked natively. */
export function resolveSources(services: AppServices, sources: RequestOf<'collections:create'>['sources']): string[] {
  return sources.map((source) => {
    if (source.kind === 'upload') return services.uploads.resolve(source.uploadId);
    services.pickedPaths.require(source.path, 'imported');
    return source.path;
  });
}

/**
 * Once an import is in the collection file, its uploaded copies have served: they go at
 * once rather than at a start a day later. A failed or cancelled import keeps them, so the
 * clerk can try again without choosing the files again.
 */
function removeImportedUploads(services: AppServices, sources: RequestOf<'collections:create'>['sources']): void {
  for (const source of sources) if (source.kind === 'upload') services.uploads.remove(source.uploadId);
}

function slug(name: string): string {
  const base = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return base.length > 0 ? base : 'collection';
}

function freshPath(folder: string, name: string): string {
  for (let n = 1; ; n++) {
    const path = join(folder, `${slug(name)}${n > 1 ? `-${n}` : ''}.unl`);
    if (!existsSync(path)) return path;
  }
}

/** A collection the workspace knows: the only ones that may be changed or checked against. */
export function knownCollection(services: AppServices, path: string): CollectionSummary {
  const known = services.collections.get(path);
  if (known === undefined) throw new AppError('not-found', 'That collection is not open in this workspace. Open it first.');
  return known;
}

async function rememberFromEngine(services: AppServices, path: string): Promise<CollectionSummary> {
  const info = await services.engine.request('info', { path });
  const summary = services.collections.remember(info);
  services.emit({ type: 'changed', domains: ['collections'], path });
  return summary;
}

async function runImport(
  services: AppServices,
  op: 'create' | 'add',
  args: { path: string; inputs: string[]; name?: string; replace?: boolean },
  context: { signal: AbortSignal; progress: (phase: string, done: number, total: number) => void },
): Promise<InputsReport> {
  const worker = createImportClient();
  try {
    const report = await worker.request(op, args, { signal: context.signal, onProgress: context.progress });
    // Problems name the files; an upload's name is the one the clerk chose, not where it is kept.
    return {
      ...report,
      problems: report.problems.map((problem) => ({
        ...problem,
        origin: services.uploads.describe(problem.origin),
        message: services.uploads.describe(problem.message),
      })),
      files: report.files.map((count) => ({ ...count, file: services.uploads.describe(count.file) })),
    };
  } finally {
    await worker.dispose();
  }
}

export function collectionHandlers(services: AppServices): CollectionHandlers {
  return {
    'collections:list': async () => services.collections.list(),
    'collections:open': async ({ path }) => rememberFromEngine(services, path),
    'collections:policy': async ({ path, policy }) => {
      knownCollection(services, path);
      const summary = services.collections.setPolicy(path, policy);
      services.emit({ type: 'changed', domains: ['collections'], path });
      return summary;
    },
    'collections:forget': async ({ path }) => {
      services.collections.forget(path);
      await services.engine.request('close', { path });
      services.emit({ type: 'changed', domains: ['collections'], path });
      return null;
    },
    'collections:create': async ({ name, sources }) => {
      const inputs = resolveSources(services, sources);
      const path = freshPath(services.collectionsFolder, name);
      return services.jobs.start('collection-create', async (context) => {
        const report = await runImport(services, 'create', { path, inputs, name }, context);
        const collection = await rememberFromEngine(services, path);
        removeImportedUploads(services, sources);
        return { collection, report };
      });
    },
    'collections:add': async ({ path, sources, replace }) => {
      knownCollection(services, path);
      const inputs = resolveSources(services, sources);
      return services.jobs.start('collection-add', async (context) => {
        const report = await runImport(services, 'add', { path, inputs, replace }, context);
        const collection = await rememberFromEngine(services, path);
        removeImportedUploads(services, sources);
        return { collection, report };
      });
    },
    'collections:remove-documents': async ({ path, ids }) => {
      knownCollection(services, path);
      const worker = createImportClient();
      try {
        const result = await worker.request('remove', { path, ids });
        await rememberFromEngine(services, path);
        return result;
      } finally {
        await worker.dispose();
      }
    },
    'collections:compact': async ({ path }) => {
      knownCollection(services, path);
      return services.jobs.start('collection-compact', async (context) => {
        const worker = createImportClient();
        try {
          // Checks go on meanwhile: the engine reads the old shards until the compaction
          // commits, then checks again on the new ones (index-store/collection-changed.ts).
          const result = await worker.request('compact', { path }, { signal: context.signal, onProgress: context.progress });
          const collection = await rememberFromEngine(services, path);
          return { collection, ...result };
        } finally {
          await worker.dispose();
        }
      });
    },
    'collections:documents': async ({ path, search, offset, limit }) => {
      knownCollection(services, path);
      return services.engine.request('documents', { path, search, offset, limit });
    },
    'collections:statistics': async ({ path }) => {
      const known = knownCollection(services, path);
      const key = `statistics:${known.contentSha256}`;
      const cached = getPreference(services.db, key);
      const statistics = readCachedStatistics(cached, known.contentSha256);
      if (statistics !== undefined) return { statistics, job: null };
      const job = services.jobs.start('statistics', async (context) => {
        const statistics = await services.engine.request('statistics', { path }, { signal: context.signal, onProgress: context.progress });
        setPreference(services.db, key, cachedStatisticsEntry(statistics, known.contentSha256));
        services.emit({ type: 'changed', domains: ['collections'], path });
        return statistics;
      });
      return { statistics: null, job };
    },
  };
}
