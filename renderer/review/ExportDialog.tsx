/**
 * Export the approved document: the text, a JSON report and optionally a .docx, to a
 * folder. Blocked while linkable phrases remain unless a justification is recorded;
 * existing files are never overwritten without asking.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ExportResult, ReviewDocument } from '../../shared/ipc/types.js';
import { ApiError, call } from '../api/client.js';
import { appQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';

type OnExisting = 'refuse' | 'rename' | 'overwrite';

export function ExportDialog({ document, remaining, onClose }: { document: ReviewDocument; remaining: number | null; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const info = useQuery(appQueries.info());
  const [chosenFolder, setFolder] = useState<string | null>(null);
  const folder = chosenFolder ?? info.data?.defaultExportFolder ?? '';
  const [formats, setFormats] = useState({ txt: true, json: true, docx: false });
  const [justification, setJustification] = useState('');
  const [result, setResult] = useState<ExportResult | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  const run = useMutation({
    mutationFn: (onExisting: OnExisting) =>
      call('export:run', {
        documentId: document.id,
        folder,
        formats: (Object.keys(formats) as (keyof typeof formats)[]).filter((f) => formats[f]),
        justification: justification.trim() === '' ? null : justification,
        onExisting,
      }),
    onSuccess: (written) => {
      setConflict(null);
      setResult(written);
    },
    onError: (error) => setConflict(error instanceof ApiError && error.code === 'conflict' ? error.message : null),
  });

  const pick = async () => {
    const picked = await call('dialog:pick', { purpose: 'export-folder' });
    if (picked.paths[0] !== undefined) setFolder(picked.paths[0]);
  };
  const needsReason = remaining !== null && remaining > 0;
  const canExport = folder.trim() !== '' && Object.values(formats).some(Boolean) && (!needsReason || justification.trim() !== '');

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="export-title" data-testid="export-dialog">
      <h2 id="export-title">Export “{document.title}”</h2>
      {result !== null ? (
        <div className="stack" data-testid="export-done">
          <p>Written to {result.folder}:</p>
          <ul>
            {result.files.map((f) => (
              <li key={f}>
                <code>{f}</code>
              </li>
            ))}
          </ul>
          <div className="actions">
            <button type="button" className="primary" onClick={() => dialog.current?.close()}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            if (canExport) run.mutate('refuse');
          }}
        >
          <label className="stack">
            Folder
            <span className="row">
              <input style={{ flex: 1 }} value={folder} onChange={(e) => setFolder(e.target.value)} aria-label="Export folder" />
              {info.data?.canPickPaths && (
                <button type="button" onClick={() => void pick()}>
                  Choose…
                </button>
              )}
            </span>
          </label>
          <fieldset className="row">
            <legend>Files</legend>
            {(['txt', 'json', 'docx'] as const).map((f) => (
              <label key={f} className="row">
                <input type="checkbox" checked={formats[f]} onChange={(e) => setFormats({ ...formats, [f]: e.target.checked })} />
                {f === 'txt' ? 'Text (.txt)' : f === 'json' ? 'Report (.json)' : 'Word (.docx)'}
              </label>
            ))}
          </fieldset>
          {needsReason && (
            <label className="stack">
              <span>
                <strong>
                  {remaining} linkable phrase{remaining === 1 ? '' : 's'} remain.
                </strong>{' '}
                Export is blocked unless you record why this document may be released anyway; the reason goes into the report.
              </span>
              <textarea value={justification} onChange={(e) => setJustification(e.target.value)} aria-label="Justification" required />
            </label>
          )}
          {conflict === null && <ErrorBanner error={run.error} />}
          {conflict !== null && (
            <div className="banner" role="alert">
              <p>{conflict}</p>
              <button type="button" onClick={() => run.mutate('rename')}>
                Keep both
              </button>
              <button type="button" className="danger" onClick={() => run.mutate('overwrite')}>
                Overwrite
              </button>
            </div>
          )}
          <div className="actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={!canExport || run.isPending}>
              {run.isPending ? 'Exporting…' : 'Export'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
