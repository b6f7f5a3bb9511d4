/**
 * Export the approved document: the text, the JSON report, the printable review log and
 * optionally a .docx, to a folder. The dialog waits for the check of the current text;
 * unless it came out clean at the collection's policy or stricter, a justification (a
 * real sentence) is required, and the reasons are shown. The reviewer's name is asked
 * once and remembered, like the chosen files. Existing files are never overwritten
 * without asking.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_POLICY, type ExportResult, type ReviewDocument } from '../../shared/ipc/types.js';
import { releaseGate } from '../../shared/review/release-gate.js';
import { ApiError, call } from '../api/client.js';
import { appQueries, collectionQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useModalDialog } from '../common/use-modal-dialog.js';
import type { Detection } from './use-detection.js';
import { useSourceSuggestions } from './use-source-suggestions.js';

type OnExisting = 'refuse' | 'rename' | 'overwrite';
type Format = 'txt' | 'json' | 'html' | 'docx';
const FORMATS: Record<Format, string> = { txt: 'Text (.txt)', json: 'Report (.json)', html: 'Review log to print and sign (.html)', docx: 'Word (.docx)' };

export function ExportDialog({ document, detection, onClose }: { document: ReviewDocument; detection: Detection; onClose: () => void }) {
  const dialog = useModalDialog();
  const queryClient = useQueryClient();
  const info = useQuery(appQueries.info());
  const collections = useQuery(collectionQueries.list());
  const [chosenFolder, setFolder] = useState<string | null>(null);
  const folder = chosenFolder ?? info.data?.defaultExportFolder ?? '';
  const [chosenFormats, setFormats] = useState<Record<Format, boolean> | null>(null);
  const remembered = info.data?.exportFormats;
  const formats: Record<Format, boolean> = chosenFormats ?? {
    txt: remembered?.includes('txt') ?? true,
    json: remembered?.includes('json') ?? true,
    html: remembered?.includes('html') ?? true,
    docx: remembered?.includes('docx') ?? false,
  };
  const [reviewerInput, setReviewer] = useState<string | null>(null);
  const reviewer = reviewerInput ?? info.data?.reviewer ?? '';
  const [justification, setJustification] = useState('');
  const [result, setResult] = useState<ExportResult | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  const ready = detection.status === 'ready' && detection.result !== undefined && detection.resultText === document.text;
  const remaining = ready ? detection.result!.minimal.length + detection.result!.combinations.length : null;
  const policy = collections.data?.find((c) => c.path === document.settings.collectionPath)?.policy ?? DEFAULT_POLICY;
  const { doubt } = useSourceSuggestions(document, document.settings.sourceId !== null);
  const gate = remaining === null ? null : releaseGate(document.settings, remaining, policy, doubt);

  const run = useMutation({
    mutationFn: (onExisting: OnExisting) =>
      call('export:run', {
        documentId: document.id,
        folder,
        formats: (Object.keys(formats) as Format[]).filter((f) => formats[f]),
        justification: justification.trim() === '' ? null : justification,
        reviewer,
        onExisting,
      }),
    onSuccess: (written) => {
      setConflict(null);
      setResult(written);
      // The reviewer, the folder and the files are remembered for the next export.
      void queryClient.invalidateQueries({ queryKey: appQueries.info().queryKey });
    },
    onError: (error) => setConflict(error instanceof ApiError && error.code === 'conflict' ? error.message : null),
  });

  const pick = async () => {
    const picked = await call('dialog:pick', { purpose: 'export-folder' });
    if (picked.paths[0] !== undefined) setFolder(picked.paths[0]);
  };
  const canExport =
    gate !== null &&
    folder.trim() !== '' &&
    reviewer.trim().length >= 2 &&
    Object.values(formats).some(Boolean) &&
    (!gate.required || justification.trim().split(/\s+/u).length >= 3);

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="export-title" data-testid="export-dialog" data-state={gate === null ? 'checking' : 'ready'}>
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
          <label className="stack">
            Reviewer
            <input
              value={reviewer}
              onChange={(e) => setReviewer(e.target.value)}
              aria-label="Reviewer"
              placeholder="Your name, as it goes into the review log"
            />
          </label>
          <fieldset className="stack">
            <legend>Files</legend>
            {(Object.keys(FORMATS) as Format[]).map((f) => (
              <label key={f} className="row">
                <input type="checkbox" checked={formats[f]} onChange={(e) => setFormats({ ...formats, [f]: e.target.checked })} />
                {FORMATS[f]}
              </label>
            ))}
          </fieldset>
          {gate === null && detection.status === 'unavailable' ? (
            <p className="warn" data-testid="export-unchecked">
              The text could not be checked{detection.error instanceof Error ? ` (${detection.error.message})` : ''}, so it cannot be exported. Close this, and
              see the message above the text.
            </p>
          ) : gate === null ? (
            <p className="muted" data-testid="export-checking">
              <span className="spinner" /> Checking the current text before export…
            </p>
          ) : gate.required ? (
            <label className="stack" data-testid="justification">
              <span>
                <strong>A justification is required:</strong> {gate.reasons.join('; ')} (the collection's policy is k={policy.k}, arity ≤{policy.arity}, N ≤{' '}
                {policy.maxN === 0 ? 'unbounded' : policy.maxN}). Record, in a sentence, why this document may be released anyway; it goes into the review log.
              </span>
              <textarea value={justification} onChange={(e) => setJustification(e.target.value)} aria-label="Justification" required />
            </label>
          ) : (
            <p className="verdict clean" data-testid="export-clean">
              Checked clean at the collection's policy: no justification needed.
            </p>
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
