/**
 * Opens a de-identified document for review: pasted text, a .txt or .md file, or one
 * record of a JSONL file. A file dropped on the review screen comes in as `dropped` and
 * is sent at once, as if chosen here.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { call, fileToBase64 } from '../api/client.js';
import { appQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useModalDialog } from '../common/use-modal-dialog.js';

type Records = { id: string; originalId: string | null; characters: number }[];

/** Files dropped on the review screen: the first is opened, and the dialog says how many were left. */
export interface DroppedFiles {
  readonly file: File;
  readonly others: number;
}

export function OpenDocumentDialog({
  onOpened,
  onClose,
  dropped,
}: {
  onOpened: (document: ReviewDocument) => void;
  onClose: () => void;
  dropped?: DroppedFiles;
}) {
  const dialog = useModalDialog();
  const info = useQuery(appQueries.info());
  const [title, setTitle] = useState('Pasted document');
  const [text, setText] = useState('');
  const [upload, setUpload] = useState<{ uploadId: string; name: string; records: Records | null } | null>(null);
  const [recordId, setRecordId] = useState('');

  const open = useMutation({
    mutationFn: (source: Parameters<typeof call<'documents:open'>>[1]['source']) => call('documents:open', { source, collectionPath: null }),
    onSuccess: (document) => {
      onOpened(document);
      dialog.current?.close();
    },
  });
  const send = useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await call('files:upload', { name: file.name, base64: await fileToBase64(file) });
      return { ...uploaded, name: file.name };
    },
    onSuccess: (uploaded) => {
      setUpload(uploaded);
      setRecordId(uploaded.records?.[0]?.id ?? '');
      if (uploaded.records === null) open.mutate({ kind: 'upload', uploadId: uploaded.uploadId });
    },
  });
  // Sent once, even if the effect runs twice (React's development checks do that).
  const sentDropped = useRef(false);
  useEffect(() => {
    if (dropped === undefined || sentDropped.current) return;
    sentDropped.current = true;
    send.mutate(dropped.file);
  }, [dropped, send]);
  const pick = async () => {
    const picked = await call('dialog:pick', { purpose: 'document' });
    if (picked.paths[0] !== undefined) open.mutate({ kind: 'path', path: picked.paths[0] });
  };

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby="open-title" data-testid="open-dialog">
      <h2 id="open-title">Open a de-identified document</h2>
      <div className="stack">
        <ErrorBanner error={send.error ?? open.error} />
        {dropped !== undefined && (
          <p className="small" data-testid="dropped-file">
            {send.isPending || open.isPending ? 'Opening' : 'Dropped'} {dropped.file.name}
            {dropped.others > 0 && `; one document at a time, so the other ${dropped.others === 1 ? 'file was' : `${dropped.others} files were`} not opened`}.
          </p>
        )}
        <label className="stack">
          A file (.txt, .md, or a .jsonl / .jsonl.gz of records)
          <span className="row">
            <input
              type="file"
              accept=".txt,.md,.jsonl,.gz,.ndjson"
              aria-label="Document file"
              onChange={(e) => e.target.files?.[0] && send.mutate(e.target.files[0])}
            />
            {info.data?.canPickPaths && (
              <button type="button" onClick={() => void pick()}>
                Choose file…
              </button>
            )}
          </span>
        </label>
        {upload?.records && (
          <form
            className="row"
            onSubmit={(event) => {
              event.preventDefault();
              open.mutate({ kind: 'upload', uploadId: upload.uploadId, recordId });
            }}
          >
            <label className="row">
              Record of {upload.name}
              <select value={recordId} onChange={(e) => setRecordId(e.target.value)} aria-label="Record">
                {upload.records.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.id} ({r.characters.toLocaleString()} characters)
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" className="primary" disabled={recordId === '' || open.isPending}>
              Open record
            </button>
          </form>
        )}
        <hr />
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            open.mutate({ kind: 'text', title: title.trim() || 'Pasted document', text });
          }}
        >
          <label className="stack">
            Or paste the text
            <input value={title} onChange={(e) => setTitle(e.target.value)} aria-label="Title" />
            <textarea value={text} onChange={(e) => setText(e.target.value)} aria-label="Pasted text" placeholder="Paste the de-identified document here" />
          </label>
          <div className="actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={text.trim() === '' || open.isPending}>
              Open pasted text
            </button>
          </div>
        </form>
      </div>
    </dialog>
  );
}
