/**
 * One block of rows of the findings list (FindingsPanel.tsx), and the buttons under the
 * chosen row. Up/Down move, P placeholder, M model, K keep; every action goes through the
 * panel's one stable object, so that a block is drawn again only when its own rows change.
 */
import { memo } from 'react';
import type { Block, FindingsView, Item } from './finding-items.js';
import { KeepForm } from './KeepForm.js';

/** About one row's height, for blocks not drawn yet: a phrase and the line under it. */
const ESTIMATED_ROW_HEIGHT = 56;

/** What a row can do, through the panel (FindingsPanel's `actions`). */
export interface RowActions {
  readonly move: (index: number) => void;
  readonly select: (id: string) => void;
  readonly jump: (item: Item) => void;
  readonly placeholder: (items: readonly Item[], description: string) => void;
  readonly model: (items: readonly Item[]) => void;
  readonly keep: (item: Item, reason: string) => Promise<unknown>;
  readonly startKeeping: (id: string) => void;
  readonly stopKeeping: () => void;
}

/**
 * A block of rows, in a list item of its own that the browser may skip laying out while it
 * is far from the screen (the long-text reasons of text-chunks.ts hold for the list too: a
 * 37,000-word text lists tens of thousands of phrases). The rows stay items of the one
 * list for a screen reader: the block and its inner list have no role of their own.
 *
 * A block of a long list that is not `drawn` (far from the screen, FindingsPanel.tsx) holds
 * no rows, only their estimated height; its rows then say their place in the whole list
 * (`setSize`), which a screen reader can no longer count.
 */
export const ItemBlock = memo(function ItemBlock({
  block,
  view,
  drawn,
  setSize,
  focusedId,
  sameAsFocused,
  keeping,
  busy,
  actions,
}: {
  block: Block;
  view: FindingsView;
  drawn: boolean;
  /** The whole list's length, when not every block is drawn. */
  setSize: number | undefined;
  focusedId: string | null;
  /** The rows with the focused row's text, when it is in this block. */
  sameAsFocused: readonly Item[];
  keeping: string | null;
  busy: boolean;
  actions: RowActions;
}) {
  const estimated = block.items.length * ESTIMATED_ROW_HEIGHT;
  if (!drawn) return <li role="none" className="findings-block" style={{ blockSize: `${estimated}px` }} />;
  return (
    <li role="none" className="findings-block" style={{ containIntrinsicBlockSize: `auto ${estimated}px` }}>
      <ul role="none">
        {block.items.map((item, i) => (
          <li
            key={item.id}
            data-testid={view === 'plan' ? 'planned-run' : 'finding'}
            aria-setsize={setSize}
            aria-posinset={setSize === undefined ? undefined : block.offset + i + 1}
          >
            <button
              type="button"
              data-item={item.id}
              aria-current={item.id === focusedId ? 'true' : undefined}
              onClick={() => actions.jump(item)}
              onFocus={() => actions.select(item.id)}
              onKeyDown={(event) => {
                const key = event.key.toLowerCase();
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault();
                  actions.move(block.offset + i + (event.key === 'ArrowDown' ? 1 : -1));
                } else if (busy) {
                  return;
                } else if (key === 'p') {
                  event.preventDefault();
                  actions.placeholder([item], `Replaced “${item.kind === 'plan' ? 'planned words' : 'a flagged phrase'}” with a placeholder`);
                } else if (key === 'm') {
                  event.preventDefault();
                  actions.model([item]);
                } else if (key === 'k') {
                  event.preventDefault();
                  actions.startKeeping(item.id);
                }
              }}
            >
              <span className="phrase">{item.text}</span>
              {item.newlyPlanned === true && (
                <span className="badge newly-planned" data-testid="newly-planned" title="Planned since the kept words changed">
                  new
                </span>
              )}
              {item.finding !== undefined && (
                <span className="df" title="Documents of the collection holding it">
                  {item.finding.documents} doc{item.finding.documents === 1 ? '' : 's'}
                </span>
              )}
              <span className="kind">{item.detail}</span>
            </button>
            {item.id === focusedId && keeping !== item.id && <RowActionsBar item={item} same={sameAsFocused} busy={busy} actions={actions} />}
            {keeping === item.id && (
              <KeepForm phrase={item.text} range={item} busy={busy} onCancel={actions.stopKeeping} onSave={(reason) => actions.keep(item, reason)} />
            )}
          </li>
        ))}
      </ul>
    </li>
  );
});

/** The buttons under the chosen row. */
function RowActionsBar({ item, same, busy, actions }: { item: Item; same: readonly Item[]; busy: boolean; actions: RowActions }) {
  return (
    <div className="finding-actions row wrap">
      <button type="button" disabled={busy} onClick={() => actions.placeholder([item], 'Replaced a finding with a placeholder')} title="P">
        Placeholder
      </button>
      <button type="button" disabled={busy} onClick={() => actions.model([item])} title="M">
        Rewrite with the model
      </button>
      <button type="button" disabled={busy} onClick={() => actions.startKeeping(item.id)} title="K">
        Keep…
      </button>
      {same.length > 1 && (
        <button type="button" disabled={busy} onClick={() => actions.placeholder(same, `Replaced every occurrence of a flagged phrase`)}>
          Every occurrence ({same.length.toLocaleString()})
        </button>
      )}
    </div>
  );
}
