/**
 * A whole-number setting that takes effect when the clerk is done typing (Enter, or
 * leaving the field), not at each keystroke: each change of k or N checks the text again,
 * and a controlled field that refused the first digit of "15" turned it into 25. Out of
 * range, it says so beside the field and keeps the setting as it was; Esc drops the typing.
 */
import { useState } from 'react';

export interface WholeNumberFieldProps {
  readonly value: number | null;
  readonly min: number;
  readonly max: number;
  readonly onCommit: (value: number) => void;
  readonly ariaLabel?: string;
  readonly disabled?: boolean;
}

export function WholeNumberField({ value, min, max, onCommit, ariaLabel, disabled }: WholeNumberFieldProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (value === null ? '' : String(value));
  const parsed = Number(shown);
  const valid = typed === null || (shown.trim() !== '' && Number.isInteger(parsed) && parsed >= min && parsed <= max);
  const commit = () => {
    if (typed === null || !valid) return;
    setTyped(null);
    if (parsed !== value) onCommit(parsed);
  };
  return (
    <span className="stack">
      <input
        type="number"
        min={min}
        max={max}
        step={1}
        value={shown}
        disabled={disabled}
        aria-label={ariaLabel}
        aria-invalid={!valid}
        onChange={(event) => setTyped(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
          if (event.key === 'Escape') setTyped(null);
        }}
      />
      {!valid && (
        <span className="warn small" role="alert">
          A whole number from {min} to {max}.
        </span>
      )}
    </span>
  );
}
