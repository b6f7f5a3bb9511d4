/**
 * One document under review: the highlighted text (or the editor), its verdict and
 * status, undo and redo, export, and the side panel of findings (the edit plan, or every
 * phrase), suggestions, changes, settings and versions; beside the text, the overview
 * strip, and above it the find bar. Shortcuts: E edit, Esc leave editing, J/K next/previous
 * finding, Ctrl+F find and F3 next match, Ctrl+Z / Ctrl+Shift+Z or Ctrl+Y undo/redo outside
 * the editor (rejections, keeps and withdrawals made here are undone too: use-undo-redo.ts).
 *
 * While a check of the text on screen is pending, nothing claims a result: the verdict,
 * the findings count and the export dialog all say "Checking…".
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Decision, ReviewDocument } from '../../shared/ipc/types.js';
import { verdict } from '../../shared/linkage/verdict.js';
import { call } from '../api/client.js';
import { collectionQueries, decisionQueries, documentQueries } from '../api/queries.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { keyIsForFieldOrDialog } from '../common/keyboard-shortcuts.js';
import { updateJob } from '../jobs/job-store.js';
import { ExportDialog } from './ExportDialog.js';
import { FindBar } from './FindBar.js';
import type { FindingsView, Item } from './finding-items.js';
import { FindingsPanel } from './FindingsPanel.js';
import { FuzzyRankChip } from './FuzzyRankChip.js';
import { HighlightedText } from './HighlightedText.js';
import { Legend } from './Legend.js';
import { findingsOnText } from './map-findings.js';
import { movedPlace, nextFinding, type FocusPlace } from './next-finding.js';
import { OverviewRuler } from './OverviewRuler.js';
import { SidePanel, type Tab } from './SidePanel.js';
import { SourceDoubtChip } from './SourceDoubtChip.js';
import { firstMarkFrom } from './TextChunk.js';
import { TextEditor } from './TextEditor.js';
import { hasUnsavedDraft, useAutosave } from './use-autosave.js';
import { useDetection } from './use-detection.js';
import { useFind } from './use-find.js';
import { useFindHighlights } from './find-highlights.js';
import { usePlan } from './use-plan.js';
import { useShownPlan } from './shown-plan.js';
import { usePaintedSpans } from './painted-spans.js';
import { usePlanShift } from './plan-shift.js';
import { KeepCostContext, type KeepCostBasis } from './keep-cost.js';
import { useUndoRedo } from './use-undo-redo.js';
import { useTextPreviews } from './text-previews.js';

const VIEW = 'unlinkable-findings-view';
/** The painted highlight of the newly planned words (`::highlight(newly-planned)` in app.css). */
const NEWLY_PLANNED_HIGHLIGHT = 'newly-planned';

export function DocumentWorkspace({ document, onOpenCollections }: { document: ReviewDocument; onOpenCollections: () => void }) {
  const queryClient = useQueryClient();
  // Typing that could not be saved when this document was left opens in the editor again.
  const [editing, setEditing] = useState(() => hasUnsavedDraft(document.id, document.versionId));
  const [focusedId, setFocusedId] = useState<string | null>(null);
  /** The row chosen in the findings panel (its actions show); separate from the phrase focused in the text. */
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  /** The kept phrase last withdrawn, and the version it was withdrawn on: offered back until the text changes. */
  const [withdrawn, setWithdrawn] = useState<{ decision: Decision; versionId: number } | null>(null);
  // The text's scrolled frame, as state: the overview strip measures it once it exists.
  const [textFrame, setTextFrame] = useState<HTMLDivElement | null>(null);
  // The window's title names the document under review, as desktop apps do (Electron takes the page's title).
  useEffect(() => {
    const previous = window.document.title;
    window.document.title = `${document.title} – Unlinkable`;
    return () => {
      window.document.title = previous;
    };
  }, [document.title]);
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
  const decisionsKey = (decisions.data ?? []).map((d) => `${d.id}:${d.start}`).join(',');
  const plan = usePlan(
    document.id,
    document.text,
    document.settings,
    !editing && view === 'plan' && detection.status === 'ready' && decisions.isSuccess,
    decisionsKey,
    detection.result,
  );
  const findings = useMemo(() => {
    if (detection.result === undefined || detection.resultText === undefined) return [];
    return findingsOnText({ result: detection.result, text: detection.resultText }, detection.carriedCombinations, text);
  }, [detection.result, detection.resultText, detection.carriedCombinations, text]);
  // The plan made for this text, shown in the Plan view (it stays while the clerk lists the phrases).
  const planRuns = plan.planText === text ? plan.plan?.runs : undefined;
  const planned = view === 'plan' ? planRuns : undefined;
  // What the text draws of the plan: while the plan of a new text is on its way, the last
  // one moved with the text (shown-plan.ts).
  const planComing = view === 'plan' && !editing && detection.status !== 'unavailable' && plan.status !== 'failed' && plan.status !== 'stopped';
  // (An edit moves the kept phrases, not which they are: their ids say what the plan kept.)
  const keptIds = (decisions.data ?? []).map((d) => d.id).join(',');
  const drawnPlan = useShownPlan(editing ? undefined : planRuns, planComing, document.text, `${JSON.stringify(document.settings)}|${keptIds}`);
  // The plan of the text on screen, once made (none while the text is edited).
  const currentPlan = !editing && plan.planText === document.text ? plan.plan : undefined;
  const keptRanges = decisions.data;
  // How the plan moved when the kept words changed: said under its summary, and the newly
  // planned words shaded in the text (plan-shift.ts).
  const planShift = usePlanShift(currentPlan?.runs, document.text, JSON.stringify(document.settings), keptIds, keptRanges ?? []);
  // What a keep form plans from to say what keeping its phrase would cost (keep-cost.ts).
  const keepCostBasis = useMemo(
    (): KeepCostBasis => ({ documentId: document.id, text: document.text, settings: document.settings, plan: currentPlan, kept: keptRanges ?? [] }),
    [document.id, document.text, document.settings, currentPlan, keptRanges],
  );
  // The same array while they draw the same, so that the highlighted text (memo) is not cut
  // again for nothing; in step with the text while its list is on the way. For the saved
  // text, the one they are drawn on: not worked out again at each keystroke in the editor.
  const previews = useTextPreviews(suggestions.data, document.text);
  // Where the focused finding began: J and K go on from there once an edit has taken it.
  const focusPlace = useRef<FocusPlace | null>(null);
  const leaveText = useCallback(() => {
    focusPlace.current = null;
    setFocusedId(null);
  }, []);
  useEffect(() => {
    if (focusPlace.current !== null) focusPlace.current = movedPlace(focusPlace.current, document.text);
  }, [document.text]);
  // The same function until the text changes: the highlighted text (memo) is not drawn again for it.
  const focusFinding = useCallback(
    (id: string, start: number) => {
      focusPlace.current = { at: start, text: document.text };
      setFocusedId(id);
    },
    [document.text],
  );
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
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      // A text field or a dialog (the export, the shortcuts list) has the keys while it has the focus.
      if (exporting || keyIsForFieldOrDialog(target)) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && !editing) {
        event.preventDefault();
        find.show();
      } else if (event.key === 'F3' && find.open && !editing) {
        event.preventDefault();
        find.step(event.shiftKey ? -1 : 1);
      } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if (event.ctrlKey && !event.shiftKey && event.key.toLowerCase() === 'y') {
        // Redo's key on Windows, as Electron's Edit menu shows it there.
        event.preventDefault();
        redo();
      } else if (event.key === 'e' && !event.ctrlKey && !event.metaKey && !editing) {
        event.preventDefault();
        setEditing(true);
      } else if ((event.key === 'j' || event.key === 'k') && findings.length > 0 && target.dataset.item === undefined) {
        const next = nextFinding(findings, focusedId, focusPlace.current, document.text, event.key === 'j' ? 1 : -1)!;
        jumpTo(next.start, next.id);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
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
        {collectionMissing && (
          <div className="banner" role="alert" data-testid="collection-missing">
            <p>
              Not checked: this document&apos;s collection ({document.settings.collectionPath}) is no longer open in this workspace. Open it again on the
              Collections screen, or choose another collection in Settings.
            </p>
            <button type="button" className="link" onClick={onOpenCollections}>
              Collections
            </button>
          </div>
        )}
        {document.settings.collectionPath === null && (
          <div className="banner" role="alert">
            <p>Choose the collection this document must not link to (Settings tab), or create one first.</p>
            <button type="button" className="link" onClick={onOpenCollections}>
              Collections
            </button>
          </div>
        )}
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
        <div className="statusbar" data-testid="statusbar">
          {detection.checkingCombinations && (
            <span data-testid="checking-combinations">
              <span className="spinner" /> Checking combinations…
              {detection.combinationShare !== undefined && ` ${Math.round(detection.combinationShare * 100)} %`}
            </span>
          )}
          {editing && (
            <span data-testid="save-state">
              {autosave.saving
                ? 'Saving…'
                : autosave.saveError !== null
                  ? 'Not saved yet: trying again every few seconds'
                  : autosave.dirty
                    ? 'Unsaved changes'
                    : 'All changes saved'}
            </span>
          )}
          {detection.partial !== undefined && (
            <span data-testid="check-progress">
              <span className="spinner" /> Checked {Math.floor((100 * detection.partial.uncheckedFrom) / Math.max(1, text.length))} % of the text…
            </span>
          )}
          {detection.result !== undefined && detection.partial === undefined && detection.status !== 'unavailable' && (
            <span>
              {detection.result.summary.tokens.toLocaleString()} words · {detection.result.summary.ngrams.toLocaleString()} phrases checked in{' '}
              {Math.round(detection.result.milliseconds)} ms
            </span>
          )}
          {/* Always there, so that a screen reader hears what Undo or Redo did when it is written. */}
          <span role="status" data-testid="undo-status">
            {history.done}
          </span>
          <span data-testid="version-status">
            Version {document.versionNumber}
            {document.versionNumber < document.versionCount && ` of ${document.versionCount}`} · saved {new Date(document.updatedAt).toLocaleTimeString()}
          </span>
        </div>
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
