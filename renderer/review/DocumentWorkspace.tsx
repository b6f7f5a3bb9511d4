/**
 * One document under review: the highlighted text (or the editor), its verdict and
 * status, undo and redo, export, and the side panel of findings (the edit plan, or every
 * phrase), suggestions, changes, settings and versions; beside the text, the overview
 * strip, and above it the find bar. Shortcuts: E edit, Esc leave editing, J/K next/previous
 * finding, Ctrl+F find and F3 next match, Ctrl+Z / Ctrl+Shift+Z or Ctrl+Y undo/redo outside
 * the editor (use-workspace-keys.ts; rejections, keeps and withdrawals made here are undone
 * too: use-undo-redo.ts). The plan and what is shown of it: use-workspace-plan.ts.
 *
 * While a check of the text on screen is pending, nothing claims a result: the verdict,
 * the findings count and the export dialog all say "Checking…".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Decision, ReviewDocument } from '../../shared/ipc/types.js';
import { verdict } from '../../shared/linkage/verdict.js';
import { call } from '../api/client.js';
import { collectionQueries, decisionQueries, documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { useWindowTitle } from '../common/use-window-title.js';
import { updateJob } from '../jobs/job-store.js';
import { CollectionBanners } from './CollectionBanners.js';
import { ExportDialog } from './ExportDialog.js';
import { FindBar } from './FindBar.js';
import type { FindingsView, Item } from './finding-items.js';
import { FindingsPanel } from './FindingsPanel.js';
import { FuzzyRankChip } from './FuzzyRankChip.js';
import { HighlightedText } from './HighlightedText.js';
import { Legend } from './Legend.js';
import { findingsOnText } from './map-findings.js';
import { useFocusedFinding } from './use-focused-finding.js';
import { OverviewRuler } from './OverviewRuler.js';
import { SidePanel, type Tab } from './SidePanel.js';
import { SourceDoubtChip } from './SourceDoubtChip.js';
import { firstMarkFrom } from './TextChunk.js';
import { TextEditor } from './TextEditor.js';
import { hasUnsavedDraft, useAutosave } from './use-autosave.js';
import { useDetection } from './use-detection.js';
import { useFind } from './use-find.js';
import { useFindHighlights } from './find-highlights.js';
import { usePaintedSpans } from './painted-spans.js';
import { KeepCostContext } from './keep-cost.js';
import { useWorkspacePlan } from './use-workspace-plan.js';
import { WorkspaceStatusBar } from './WorkspaceStatusBar.js';
import { useWorkspaceKeys } from './use-workspace-keys.js';
import { useUndoRedo } from './use-undo-redo.js';
import { useTextPreviews } from './text-previews.js';

const VIEW = 'unlinkable-findings-view';
/** The painted highlight of the newly planned words (`::highlight(newly-planned)` in app.css). */
const NEWLY_PLANNED_HIGHLIGHT = 'newly-planned';

export function DocumentWorkspace({ document, onOpenCollections }: { document: ReviewDocument; onOpenCollections: () => void }) {
  const queryClient = useQueryClient();
  // Typing that could not be saved when this document was left opens in the editor again.
  const [editing, setEditing] = useState(() => hasUnsavedDraft(document.id, document.versionId));
  /** The row chosen in the findings panel (its actions show); separate from the phrase focused in the text. */
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  /** The kept phrase last withdrawn, and the version it was withdrawn on: offered back until the text changes. */
  const [withdrawn, setWithdrawn] = useState<{ decision: Decision; versionId: number } | null>(null);
  // The text's scrolled frame, as state: the overview strip measures it once it exists.
  const [textFrame, setTextFrame] = useState<HTMLDivElement | null>(null);
  useWindowTitle(`${document.title} – Unlinkable`);
  const [error, setError] = useState<unknown>(null);
  const [tab, setTab] = useState<Tab>('findings');
  const [view, setView] = useState<FindingsView>(() => (localStorage.getItem(VIEW) === 'phrases' ? 'phrases' : 'plan'));
  const [suggestionJob, setSuggestionJob] = useState<string | null>(null);
  const autosave = useAutosave(document);
  const text = editing ? autosave.draft : document.text;
  const detection = useDetection(document.id, text, document.settings, editing);
  const decisions = useQuery(decisionQueries.list(document.id));
  const collections = useQuery(collectionQueries.list());
  const suggestions = useQuery(documentQueries.suggestions(document.id));
  const { plan, planned, drawnPlan, planShift, keepCostBasis } = useWorkspacePlan({ document, text, editing, view, detection, keptQuery: decisions });
  const findings = useMemo(() => {
    if (detection.result === undefined || detection.resultText === undefined) return [];
    return findingsOnText({ result: detection.result, text: detection.resultText }, detection.carriedCombinations, text);
  }, [detection.result, detection.resultText, detection.carriedCombinations, text]);
  // The same array while they draw the same, so that the highlighted text (memo) is not cut
  // again for nothing; in step with the text while its list is on the way. For the saved
  // text, the one they are drawn on: not worked out again at each keystroke in the editor.
  const previews = useTextPreviews(suggestions.data, document.text);
  const { focusedId, focusPlace, focusFinding, leaveText } = useFocusedFinding(document.text);
  const find = useFind(document.text);
  // Painted over the text, not cut into it (find-highlights.ts), and scrolled to.
  useFindHighlights(editing ? null : textFrame, find.open ? find.matches : undefined, find.shownIndex);
  usePaintedSpans(editing ? null : textFrame, NEWLY_PLANNED_HIGHLIGHT, view === 'plan' ? planShift?.newlyPlanned : undefined);
  // What the overview strip draws changes with these (a new object tells it to measure again).
  const highlighted = useMemo(
    () => ({ text: document.text, findings, planned, suggestions: suggestions.data }),
    [document.text, findings, planned, suggestions.data],
  );
  const setDocument = (updated: ReviewDocument) => queryClient.setQueryData(documentQueries.get(document.id).queryKey, updated);

  const run = useMutation({
    mutationFn: (action: () => Promise<ReviewDocument>) => action(),
    onSuccess: setDocument,
    onError: setError,
  });
  const history = useUndoRedo(document, run.mutate);
  const { undo, redo } = history;
  const placeholders = (items: readonly Item[], description: string) => {
    if (items.length === 0) return;
    run.mutate(() =>
      call('documents:apply-placeholders', {
        documentId: document.id,
        baseVersionId: document.versionId,
        ranges: items.map((i) => ({ start: i.start, end: i.end, kind: i.kind })),
        description,
      }),
    );
  };
  const toModel = (items: readonly Item[]) => {
    if (items.length === 0) return;
    const planned = items.every((i) => i.kind === 'plan');
    call('suggestions:generate', { documentId: document.id, source: 'model', spans: items.map((i) => ({ start: i.start, end: i.end })), planned }).then(
      (job) => {
        updateJob(job);
        setSuggestionJob(job.id);
        setTab('suggestions');
        // The list the clerk asked from goes with its tab, and the focus would go to the page:
        // it goes to the Suggestions tab, one Tab before the job's progress and its Cancel.
        const active = window.document.activeElement;
        if (active === null || active === window.document.body || active.closest('.tabpanel') !== null)
          window.document.getElementById('tab-suggestions')?.focus();
      },
      setError,
    );
  };
  const keep = (item: Item, reason: string) => call('decisions:keep', { documentId: document.id, start: item.start, end: item.end, kind: item.kind, reason });

  const jumpTo = (start: number, id?: string) => {
    if (id !== undefined) focusFinding(id, start);
    const byId = id === undefined ? null : window.document.getElementById(`finding-${id}`);
    const text = window.document.querySelector('[data-testid="document-text"]');
    const element = byId ?? (text === null ? null : firstMarkFrom(text, start));
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    if (byId !== null) byId.focus({ preventScroll: true });
  };
  useWorkspaceKeys({
    exporting,
    editing,
    find,
    undo,
    redo,
    edit: () => setEditing(true),
    findings,
    focusedId,
    focusPlace,
    text: document.text,
    jumpTo,
  });

  const stopEditing = () => {
    // Not while the typing is unsaved: the text shown would lack it (the error says why, and it is tried again).
    void autosave.flush().then((saved) => saved && setEditing(false));
  };
  const ready = detection.status === 'ready';
  const remaining = ready && detection.result !== undefined ? detection.result.minimal.length + detection.result.combinations.length : null;
  // A check that failed is "not checked", never "checking" (nothing is running) and never clean.
  const verdictState: 'unchecked' | 'checking' | 'clean' | 'linkable' =
    detection.status === 'unavailable' ? 'unchecked' : !ready || detection.result === undefined ? 'checking' : remaining === 0 ? 'clean' : 'linkable';
  // The collection was forgotten since the document was opened: say so, and where to go.
  const collectionMissing =
    document.settings.collectionPath !== null && collections.data !== undefined && !collections.data.some((c) => c.path === document.settings.collectionPath);
  const planCount = plan.plan !== undefined ? plan.plan.runs.length.toLocaleString() : plan.status === 'stopped' || plan.status === 'failed' ? '–' : '…';
  const count = !ready ? '…' : view === 'plan' ? planCount : findings.length.toLocaleString();

  return (
    <>
      <section className={`workspace${editing ? ' editing' : ''}`} data-state={ready ? 'ready' : 'checking'} data-testid="workspace">
        <div className="doc-header">
          <h1 title={document.title}>{document.title}</h1>
          {editing && <span className="badge editing-badge">Editing</span>}
          <button type="button" onClick={() => (editing ? stopEditing() : setEditing(true))} title={editing ? 'Esc' : 'E'}>
            {editing ? 'Done editing' : 'Edit text'}
          </button>
          <button type="button" onClick={undo} disabled={!history.canUndo || run.isPending} title={history.undoTitle}>
            Undo
          </button>
          <button type="button" onClick={redo} disabled={!history.canRedo || run.isPending} title={history.redoTitle}>
            Redo
          </button>
          <button type="button" className="primary" onClick={() => setExporting(true)} disabled={editing}>
            Export…
          </button>
        </div>
        <div className="row">
          {document.settings.collectionPath !== null && (
            <span
              className={`verdict ${verdictState === 'unchecked' ? 'checking' : verdictState}`}
              data-testid="verdict"
              data-verdict={verdictState}
              role="status"
            >
              {verdictState === 'unchecked' ? 'Not checked' : verdictState === 'checking' ? 'Checking…' : verdict(detection.result!)}
            </span>
          )}
          {!collectionMissing && <FuzzyRankChip document={document} text={detection.resultText ?? document.text} />}
          <SourceDoubtChip document={document} onReview={() => setTab('settings')} />
        </div>
        <ErrorBanner
          error={error ?? autosave.saveError ?? (collectionMissing ? null : detection.error)}
          onDismiss={() => {
            setError(null);
            autosave.dismissSaveError();
          }}
        />
        <CollectionBanners document={document} missing={collectionMissing} onOpenCollections={onOpenCollections} />
        {find.open && !editing && <FindBar find={find} />}
        <div className="text-area">
          <div className="text-frame" ref={setTextFrame}>
            {editing ? (
              <TextEditor text={autosave.draft} findings={findings} onChange={autosave.change} onDone={stopEditing} />
            ) : (
              <HighlightedText
                text={document.text}
                findings={findings}
                uncheckedFrom={detection.resultText === document.text ? detection.partial?.uncheckedFrom : undefined}
                plan={drawnPlan}
                showPlan={view === 'plan'}
                previews={previews}
                focusedId={focusedId}
                onFocusFinding={focusFinding}
                onLeaveText={leaveText}
              />
            )}
          </div>
          {!editing && <OverviewRuler frame={textFrame} revision={highlighted} />}
        </div>
        {!editing && <Legend showPlan={planned !== undefined} newlyPlanned={planned !== undefined && (planShift?.newlyPlanned.length ?? 0) > 0} />}
        <WorkspaceStatusBar document={document} detection={detection} text={text} autosave={editing ? autosave : null} done={history.done} />
        {exporting && <ExportDialog document={document} detection={detection} onClose={() => setExporting(false)} />}
      </section>
      <SidePanel
        document={document}
        detection={detection}
        plan={plan}
        tab={tab}
        onTab={setTab}
        findingsCount={count}
        suggestionJob={suggestionJob}
        onSuggestionJob={setSuggestionJob}
        onJumpTo={(start) => jumpTo(start)}
        findings={
          <KeepCostContext.Provider value={keepCostBasis}>
            <FindingsPanel
              view={view}
              onView={(next) => {
                localStorage.setItem(VIEW, next);
                setView(next);
              }}
              status={detection.status}
              findings={findings}
              plan={plan}
              planShift={planShift}
              decisions={decisions.data ?? []}
              focusedId={selectedId}
              onSelect={setSelectedId}
              onJump={(id, start) => {
                setSelectedId(id);
                // A plan row has no phrase of its own in the text: scroll there without moving the focus.
                if (id.startsWith('p')) jumpTo(start);
                else jumpTo(start, id);
              }}
              onPlaceholder={placeholders}
              onModel={toModel}
              onKeep={keep}
              onUnkeep={(d) => {
                const versionId = document.versionId;
                void call('decisions:unkeep', { documentId: document.id, decisionId: d.id })
                  .then(() => setWithdrawn({ decision: d, versionId }))
                  .catch(setError);
              }}
              // Offered while the text is as it was, and the phrase is not kept again (Undo keeps it again too).
              withdrawn={
                withdrawn !== null && withdrawn.versionId === document.versionId && !(decisions.data ?? []).some((d) => d.id === withdrawn.decision.id)
                  ? withdrawn.decision
                  : null
              }
              onKeepAgain={(d) => {
                void call('decisions:keep-again', { documentId: document.id, decisionId: d.id })
                  .then(() => setWithdrawn(null))
                  .catch(setError);
              }}
              busy={run.isPending || editing || (view === 'plan' && plan.planText !== document.text)}
            />
          </KeepCostContext.Provider>
        }
      />
    </>
  );
}
