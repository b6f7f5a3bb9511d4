import { describe, expect, it } from 'vitest';
import type { Suggestion } from '../../shared/ipc/types.js';
import { nextPreviews } from '../../renderer/review/text-previews.js';

function suggestion(id: number, text: string, before: string, after: string, status: Suggestion['status'] = 'pending'): Suggestion {
  const start = text.indexOf(before);
  return { id, start, end: start + before.length, before, after, source: 'placeholder', status, reasoning: null, fallback: false, pass: 1, createdAt: '' };
}

const text = 'The applicant lives in Oslo and works as a teacher in Bergen.';
const list = [suggestion(1, text, 'Oslo', '[PLACE]'), suggestion(2, text, 'teacher', '[JOB]'), suggestion(3, text, 'Bergen', '[PLACE]', 'rejected')];
const spans = (shown: { previews: readonly { start: number; end: number; after: string }[] }, on: string) =>
  shown.previews.map((p) => `${on.slice(p.start, p.end)}→${p.after}`);

describe('nextPreviews', () => {
  it('previews the pending suggestions of a list made for the text', () => {
    expect(spans(nextPreviews(undefined, list, text), text)).toEqual(['Oslo→[PLACE]', 'teacher→[JOB]']);
  });

  it('moves the previews with the text while its list is on the way: the accepted one goes, those after it shift', () => {
    const shown = nextPreviews(undefined, list, text);
    const accepted = text.replace('Oslo', '[PLACE]');
    const moved = nextPreviews(shown, list, accepted);
    expect(spans(moved, accepted)).toEqual(['teacher→[JOB]']);
    // The list that comes next draws the same: the previews stay the same array.
    const next = [{ ...list[0]!, status: 'accepted' as const }, suggestion(2, accepted, 'teacher', '[JOB]'), list[2]!];
    const listed = nextPreviews(moved, next, accepted);
    expect(listed.previews).toBe(moved.previews);
    expect(listed.list).toBe(next);
  });

  it('draws only what fits of a list newer than the text, and all of it once the text comes', () => {
    const accepted = text.replace('Oslo', '[PLACE]');
    const newer = [{ ...list[0]!, status: 'accepted' as const }, suggestion(2, accepted, 'teacher', '[JOB]')];
    const shown = nextPreviews(nextPreviews(undefined, list, text), newer, text);
    expect(spans(shown, text)).toEqual([]);
    expect(spans(nextPreviews(shown, newer, accepted), accepted)).toEqual(['teacher→[JOB]']);
  });

  it('is the same object when neither the list nor the text changed', () => {
    const shown = nextPreviews(undefined, list, text);
    expect(nextPreviews(shown, list, text)).toBe(shown);
  });
});
