/**
 * The panel beside the text: findings (the plan, or every phrase), suggestions, the
 * changes since the text was opened, settings (with what each would send for rewriting)
 * and versions. Arrow keys move between tabs.
 */
import type { ReactNode } from 'react';
import type { ReviewDocument } from '../../shared/ipc/types.js';
import { ChangesPanel } from './ChangesPanel.js';
import { SettingsPanel } from './SettingsPanel.js';
import { SuggestionsPanel } from './SuggestionsPanel.js';
import type { Detection } from './use-detection.js';
import type { Plan } from './use-plan.js';
import { VersionsPanel } from './VersionsPanel.js';

export const TABS = ['findings', 'suggestions', 'changes', 'settings', 'versions'] as const;
export type Tab = (typeof TABS)[number];
const LABELS: Record<Tab, string> = { findings: 'Findings', suggestions: 'Suggestions', changes: 'Changes', settings: 'Settings', versions: 'Versions' };

interface Props {
  readonly document: ReviewDocument;
  readonly detection: Detection;
  readonly plan: Plan;
  readonly tab: Tab;
  readonly onTab: (tab: Tab) => void;
  /** "12", or "…" while the count is not final. */
  readonly findingsCount: string;
  readonly findings: ReactNode;
  readonly suggestionJob: string | null;
  readonly onSuggestionJob: (jobId: string | null) => void;
  readonly onJumpTo: (start: number) => void;
}

export function SidePanel(props: Props) {
  const { tab } = props;
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
            onClick={() => props.onTab(name)}
            onKeyDown={(event) => {
              if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
              const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length]!;
              props.onTab(next);
              window.document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            {LABELS[name]}
            {name === 'findings' && <span data-testid="findings-count"> ({props.findingsCount})</span>}
          </button>
        ))}
      </div>
      <div className="tabpanel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'findings' && props.findings}
        {tab === 'suggestions' && (
          <SuggestionsPanel document={props.document} jobId={props.suggestionJob} onJob={props.onSuggestionJob} onJumpTo={props.onJumpTo} />
        )}
        {tab === 'changes' && <ChangesPanel document={props.document} plan={props.plan} />}
        {tab === 'settings' && <SettingsPanel document={props.document} detection={props.detection} />}
        {tab === 'versions' && <VersionsPanel document={props.document} />}
      </div>
    </aside>
  );
}
