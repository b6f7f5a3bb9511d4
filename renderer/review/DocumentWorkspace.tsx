/**
 * One document under review: the highlighted text (or the editor), its verdict and
 * status, undo and redo, export, and the side panel of findings, suggestions, settings
 * and versions. Shortcuts: E edit, Esc leave editing, J/K next/previous finding,
 * Ctrl+Z / Ctrl+Shift+Z undo/redo (outside the editor).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { verdict } from '../../shared/linkage/verdict.js';
import { findingsOf, type Finding } from '../../shared/review/findings.js';
import { call } from '../api/client.js';
import { documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { ExportDialog } from './ExportDialog.js';
import { FuzzyRankChip } from './FuzzyRankChip.js';
import { HighlightedText } from './HighlightedText.js';
import { mapFindings } from './map-findings.js';
import { SidePanel } from './SidePanel.js';
import { TextEditor } from './TextEditor.js';
import { useAutosave } from './use-autosave.js';
import { useDetection } from './use-detection.js';

export function DocumentWorkspace({ document, onOpenCollections }: { document: ReviewDocument; onOpenCollections: () => void }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const autosave = useAutosave(document, setError);
  const text = editing ? autosave.draft : document.text;
  const detection = useDetection(document.id, text, document.settings, editing);
  const findings = useMemo(() => {
    if (detection.result === undefined || detection.resultText === undefined) return [];
    return mapFindings(findingsOf(detection.result), detection.resultText, text);
  }, [detection.result, detection.resultText, text]);
  const setDocument = (updated: ReviewDocument) => queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);

  const run = useMutation({
    mutationFn: (action: () => Promise<ReviewDocument>) => action(),
    onSuccess: setDocument,
    onError: setError,
  });
  const undo = () => run.mutate(() => call('documents:undo', { documentId: document.id }));
  const redo = () => run.mutate(() => call('documents:redo', { documentId: document.id }));
  const placeholder = useCallback(
    (finding: Finding) =>
      run.mutate(() =>
        call('documents:edit', {
          documentId: document.id,
          baseVersionId: document.versionId,
          text: `${document.text.slice(0, finding.start)}[REDACTED]${document.text.slice(finding.end)}`,
          source: 'placeholder',
          description: `Replaced a ${finding.kind === 'single' ? 'linkable phrase' : 'combination member'} with a placeholder`,
        }),
      ),
    [document.id, document.text, document.versionId, run],
  );

  const jump = (id: string) => {
    setFocusedId(id);
    const element = window.document.getElementById(`finding-${id}`);
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    element?.focus({ preventScroll: true });
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT' || exporting) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (event.key === 'e' && !event.ctrlKey && !event.metaKey && !editing) {
        event.preventDefault();
        setEditing(true);
      } else if ((event.key === 'j' || event.key === 'k') && findings.length > 0) {
        const index = findings.findIndex((f) => f.id === focusedId);
        const delta = event.key === 'j' ? 1 : -1;
        jump(findings[(index + delta + findings.length) % findings.length]!.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const stopEditing = () => {
    void autosave.flush().then(() => setEditing(false));
  };
  const remaining = detection.result === undefined ? null : detection.result.minimal.length + detection.result.combinations.length;
  const settled = detection.result !== undefined && !detection.checkingCombinations && detection.resultText === text;

  return (
    <>
      <section className="workspace" data-state={settled ? 'ready' : 'checking'} data-testid="workspace">
        <div className="doc-header">
          <h1 title={document.title}>{document.title}</h1>
          <button type="button" onClick={() => (editing ? stopEditing() : setEditing(true))} title={editing ? 'Esc' : 'E'}>
            {editing ? 'Done editing' : 'Edit text'}
          </button>
          <button type="button" onClick={undo} disabled={!document.canUndo || run.isPending} title="Ctrl+Z">
            Undo
          </button>
          <button type="button" onClick={redo} disabled={!document.canRedo || run.isPending} title="Ctrl+Shift+Z">
            Redo
          </button>
          <button type="button" className="primary" onClick={() => setExporting(true)} disabled={editing}>
            Export…
          </button>
        </div>
        <div className="row">
          {detection.result !== undefined && (
            <span className={`verdict ${remaining === 0 ? 'clean' : 'linkable'}`} data-testid="verdict" role="status">
              {verdict(detection.result)}
            </span>
          )}
          <FuzzyRankChip document={document} text={detection.resultText ?? document.text} />
        </div>
        <ErrorBanner error={error ?? detection.error} onDismiss={() => setError(null)} />
        {document.settings.collectionPath === null && (
          <div className="banner" role="alert">
            <p>Choose the collection this document must not link to (Settings tab), or create one first.</p>
            <button type="button" className="link" onClick={onOpenCollections}>
              Collections
            </button>
          </div>
        )}
        <div className="text-frame">
          {editing ? (
            <TextEditor text={autosave.draft} findings={findings} onChange={autosave.change} onDone={stopEditing} />
          ) : (
            <HighlightedText
              text={document.text}
              findings={findings}
              focusedId={focusedId}
              onFocusFinding={setFocusedId}
              onLeaveText={() => setFocusedId(null)}
            />
          )}
        </div>
        <div className="statusbar" data-testid="statusbar">
          {detection.checkingCombinations && (
            <span data-testid="checking-combinations">
              <span className="spinner" /> Checking combinations…
            </span>
          )}
          {editing && <span>{autosave.saving ? 'Saving…' : autosave.dirty ? 'Unsaved changes' : 'All changes saved'}</span>}
          {detection.result !== undefined && (
            <span>
              {detection.result.summary.tokens.toLocaleString()} words · {detection.result.summary.ngrams.toLocaleString()} phrases checked in{' '}
              {Math.round(detection.result.milliseconds)} ms
            </span>
          )}
          <span>
            Version {document.versionCount} · saved {new Date(document.updatedAt).toLocaleTimeString()}
          </span>
        </div>
        {exporting && <ExportDialog document={document} remaining={remaining} onClose={() => setExporting(false)} />}
      </section>
      <SidePanel
        document={document}
        detection={detection}
        findings={findings}
        focusedId={focusedId}
        onSelect={setFocusedId}
        onJump={jump}
        onPlaceholder={placeholder}
        busy={run.isPending || editing}
      />
    </>
  );
}
