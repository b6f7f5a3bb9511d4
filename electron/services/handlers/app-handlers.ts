/**
 * App information, native pickers, uploads and jobs.
 */
import { z } from 'zod';
import { AppError } from '../../../shared/errors.js';
import { LIMITS } from '../../../shared/ipc/contract.js';
import { inputKind, readInputs } from '../../import/read-inputs.js';
import { getPreference } from '../../workspace/workspace-db.js';
import type { AppServices, Handlers } from '../app-services.js';

type AppHandlers = Pick<Handlers, 'app:info' | 'dialog:pick' | 'files:upload' | 'jobs:get' | 'jobs:cancel'>;

async function listRecords(path: string): Promise<{ id: string; originalId: string | null; characters: number }[] | null> {
  const kind = inputKind(path);
  if (kind !== 'jsonl' && kind !== 'jsonl.gz') return null;
  const records: { id: string; originalId: string | null; characters: number }[] = [];
  for await (const record of readInputs([path])) {
    if (record.kind === 'document') records.push({ id: record.id, originalId: record.originalId ?? null, characters: record.text.length });
    if (records.length >= 10_000) break;
  }
  return records;
}

/** The formats remembered from the last export; anything unexpected counts as none. */
function savedFormats(json: string | undefined): ('txt' | 'json' | 'html' | 'docx')[] | null {
  if (json === undefined) return null;
  try {
    const parsed = z.array(z.enum(['txt', 'json', 'html', 'docx'])).safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function appHandlers(services: AppServices): AppHandlers {
  return {
    'app:info': async () => ({
      version: services.options.version,
      shell: services.options.shell,
      canPickPaths: services.options.pickPaths !== undefined,
      workspacePath: services.options.workspaceFolder,
      defaultExportFolder: getPreference(services.db, 'export-folder') ?? services.defaultExportFolder,
      reviewer: getPreference(services.db, 'reviewer') ?? null,
      exportFormats: savedFormats(getPreference(services.db, 'export-formats')),
      collectionLoadJobId: services.collectionLoadJobId,
    }),
    'dialog:pick': async ({ purpose }) => {
      if (services.options.pickPaths === undefined)
        throw new AppError('forbidden', 'File pickers are only available in the desktop app; use the upload buttons instead.');
      const paths = await services.options.pickPaths(purpose);
      services.pickedPaths.add(paths);
      return { paths };
    },
    'files:upload': async ({ uploadId, name, relativePath, base64 }) => {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > LIMITS.uploadBytes) throw new AppError('too-large', `${name} is larger than ${LIMITS.uploadBytes / 1024 / 1024} MB.`);
      if (bytes.length === 0) throw new AppError('empty-file', `${name} is empty.`);
      const saved = services.uploads.save(bytes, name, relativePath, uploadId);
      return { uploadId: saved.uploadId, records: relativePath === undefined ? await listRecords(saved.path) : null };
    },
    'jobs:get': async ({ jobId }) => services.jobs.get(jobId),
    'jobs:cancel': async ({ jobId }) => {
      services.jobs.cancel(jobId);
      return null;
    },
  };
}
