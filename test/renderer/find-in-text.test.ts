import { describe, expect, it } from 'vitest';
import { findCount, findInText, MAX_MATCHES, stepMatch } from '../../renderer/review/find-in-text.js';

const spans = (text: string, query: string) => findInText(text, query).map((m) => text.slice(m.start, m.end));

describe('findInText', () => {
  it('finds every occurrence, ignoring case, at the text’s own offsets', () => {
    const text = 'The Court held. The court, sitting as a Chamber, held that the COURT…';
    expect(findInText(text, 'court')).toEqual([
      { start: 4, end: 9 },
      { start: 20, end: 25 },
      { start: 63, end: 68 },
    ]);
  });

  it('matches a phrase across any run of spaces or line breaks', () => {
    expect(spans('the Supreme\n  Administrative Court', 'supreme administrative  court')).toEqual(['Supreme\n  Administrative Court']);
  });

  it('takes the query literally: brackets, dots and stars are not patterns', () => {
    expect(spans('On [REDACTED] the applicant (no. 1*2) left.', '[redacted]')).toEqual(['[REDACTED]']);
    expect(spans('no. 1*2 and no 152', 'no. 1*2')).toEqual(['no. 1*2']);
  });

  it('keeps offsets right where lower case changes a length, and across surrogate pairs', () => {
    const text = 'İstanbul and 𝒳 then istanbul';
    const found = findInText(text, 'then');
    expect(text.slice(found[0]!.start, found[0]!.end)).toBe('then');
    expect(spans('Ärger im ÄRGER', 'ärger')).toEqual(['Ärger', 'ÄRGER']);
  });

  it('finds nothing for a blank query, and stops at the cap', () => {
    expect(findInText('anything', '   ')).toEqual([]);
    expect(findInText('a '.repeat(MAX_MATCHES + 5), 'a')).toHaveLength(MAX_MATCHES);
  });
});

describe('stepMatch', () => {
  it('goes round at both ends, and starts at the first or the last', () => {
    expect(stepMatch(0, 3, 1)).toBe(1);
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(-1, 3, 1)).toBe(0);
    expect(stepMatch(-1, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(-1);
  });
});

describe('findCount', () => {
  it('says which match of how many, none, or nothing for a blank query; at the cap, that there may be more', () => {
    expect(findCount('  ', 0, -1)).toBe('');
    expect(findCount('the', 0, -1)).toBe('No matches');
    expect(findCount('the', 12, 2)).toBe('3 of 12');
    const capped = findInText('a '.repeat(MAX_MATCHES + 5), 'a');
    expect(findCount('a', capped.length, 0)).toBe(`1 of ${MAX_MATCHES.toLocaleString()} or more`);
    expect(findCount('a', MAX_MATCHES - 1, 0)).toBe(`1 of ${(MAX_MATCHES - 1).toLocaleString()}`);
  });
});
