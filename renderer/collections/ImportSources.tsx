/**
 * Chooses documents to import: files or a folder, uploaded from the page, or (in the
 * desktop app) picked natively so large files are read in place.
 */
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { RequestOf } from '../../shared/ipc/contract.js';
import { call } from '../api/client.js';
import { appQueries } from '../api/queries.js';
import { uploadFiles } from './upload-files.js';

export type ImportSource = RequestOf<'collections:create'>['sources'][number];

interface Props {
  readonly disabled: boolean;
  readonly onSources: (sources: ImportSource[]) => void;
  readonly onError: (error: unknown) => void;
  /** The clerk cancelled the upload: nothing was handed to onSources. */
  readonly onCancelled?: () => void;
}

export function ImportSources({ disabled, onSources, onError, onCancelled }: Props) {
  const info = useQuery(appQueries.info());
  const [upload, setUpload] = useState<{ done: number; total: number; controller: AbortController } | null>(null);
  const folderInput = useRef<HTMLInputElement>(null);

  const send = async (files: FileList | null) => {
    if (files === null || files.length === 0) return;
    const controller = new AbortController();
    setUpload({ done: 0, total: files.length, controller });
    try {
      const ids = await uploadFiles([...files], (done, total) => setUpload({ done, total, controller }), controller.signal);
      onSources(ids.map((uploadId) => ({ kind: 'upload', uploadId })));
    } catch (error) {
      if ((error as Error).name === 'AbortError') onCancelled?.();
      else onError(error);
    } finally {
      setUpload(null);
    }
  };
  const pick = async (purpose: 'import-files' | 'import-folder') => {
    try {
      const picked = await call('dialog:pick', { purpose });
      if (picked.paths.length > 0) onSources(picked.paths.map((path) => ({ kind: 'path', path })));
    } catch (error) {
      onError(error);
    }
  };

  if (upload !== null) {
    return (
      <div className="progress">
        <span className="small">
          Uploading {upload.done.toLocaleString()} of {upload.total.toLocaleString()} files
        </span>
        <div className="bar" role="progressbar" aria-label="Uploading files" aria-valuemin={0} aria-valuemax={upload.total} aria-valuenow={upload.done}>
          <div style={{ width: `${(upload.done / upload.total) * 100}%` }} />
        </div>
        <button type="button" onClick={() => upload.controller.abort()}>
          Cancel
        </button>
      </div>
    );
  }
  return (
    <div className="row">
      {info.data?.canPickPaths ? (
        <>
          <button type="button" disabled={disabled} onClick={() => void pick('import-files')}>
            Choose files…
          </button>
          <button type="button" disabled={disabled} onClick={() => void pick('import-folder')}>
            Choose a folder…
          </button>
        </>
      ) : (
        <>
          <label className="row small">
            Files (.jsonl, .jsonl.gz, .txt, .md)
            <input
              type="file"
              multiple
              disabled={disabled}
              accept=".jsonl,.gz,.ndjson,.txt,.md"
              aria-label="Files to import"
              onChange={(e) => void send(e.target.files)}
            />
          </label>
          <button type="button" disabled={disabled} onClick={() => folderInput.current?.click()}>
            A folder…
          </button>
          <input
            ref={(element) => {
              folderInput.current = element;
              element?.setAttribute('webkitdirectory', '');
            }}
            type="file"
            hidden
            multiple
            aria-label="Folder to import"
            onChange={(e) => void send(e.target.files)}
          />
        </>
      )}
    </div>
  );
}
