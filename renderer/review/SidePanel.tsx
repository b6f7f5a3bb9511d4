/**
 * The panel beside the text: findings, suggestions, settings (with what each would
 * send for rewriting) and versions. Arrow keys move between tabs.
 */
import { useState } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import type { Finding } from '../../shared/review/findings.js';
import { call } from '../api/client.js';
import { ErrorBanner } from '../common/ErrorBanner.js';
import { updateJob } from '../jobs/job-store.js';
import { FindingsList } from './FindingsList.js';
import { SettingsPanel } from './SettingsPanel.js';
import { SuggestionsPanel } from './SuggestionsPanel.js';
import type { Detection } from './use-detection.js';
import { VersionsPanel } from './VersionsPanel.js';

const TABS = ['findings', 'suggestions', 'settings', 'versions'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = { findings: 'Findings', suggestions: 'Suggestions', settings: 'Settings', versions: 'Versions' };

interface Props {
  readonly document: ReviewDocument;
  readonly detection: Detection;
  readonly findings: readonly Finding[];
  readonly focusedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onJump: (id: string) => void;
  readonly onPlaceholder: (finding: Finding) => void;
  readonly busy: boolean;
}

export function SidePanel(props: Props) {
  const [tab, setTab] = useState<Tab>('findings');
  const [suggestionJob, setSuggestionJob] = useState<string | null>(null);
  const [rewriteError, setRewriteError] = useState<unknown>(null);
  const rewrite = (finding: Finding) => {
    call('suggestions:generate', { documentId: props.document.id, source: 'model', spans: [{ start: finding.start, end: finding.end }] }).then((job) => {
      updateJob(job);
      setSuggestionJob(job.id);
      setTab('suggestions');
    }, setRewriteError);
  };
  return (
    <aside className="sidepanel" aria-label="Review panel">
      <div className="tabs" role="tablist">
        {TABS.map((name, index) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
              setTab(next);
              window.document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {LABELS[name]}
            {name === 'findings' && ` (${props.findings.length})`}
          </button>
        ))}
      </div>
      <div className="tabpanel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'findings' && (
          <>
            <ErrorBanner error={rewriteError} onDismiss={() => setRewriteError(null)} />
            <FindingsList
              findings={props.findings}
              focusedId={props.focusedId}
              onSelect={props.onSelect}
              onJump={props.onJump}
              onPlaceholder={props.onPlaceholder}
              onRewrite={rewrite}
              busy={props.busy}
            />
          </>
        )}
        {tab === 'suggestions' && <SuggestionsPanel document={props.document} jobId={suggestionJob} onJob={setSuggestionJob} />}
        {tab === 'settings' && <SettingsPanel document={props.document} detection={props.detection} />}
        {tab === 'versions' && <VersionsPanel document={props.document} />}
      </div>
    </aside>
  );
}
