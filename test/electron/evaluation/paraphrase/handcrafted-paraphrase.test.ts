import { describe, expect, it } from 'vitest';
import { paraphraseHandcrafted, type EmbedFn } from '../../../../electron/evaluation/paraphrase/handcrafted-paraphrase.js';
import { DEFAULT_PLACEHOLDER_PATTERN } from '../../../../shared/tokenizer/index.js';

const replaceOnly = { removalProbability: 0 } as const;

async function paraphrased(text: string, options = {}): Promise<string> {
  return (await paraphraseHandcrafted(text, { ...replaceOnly, ...options })).text;
}

describe('replacement keeps the grammatical form', () => {
  it.each([
    // be + past participle (the paper's example: charge → bear down / accuse, as participles)
    ['He was charged.', 'He was borne down.'],
    // plural noun + past tense
    ['The courts decided.', 'The tribunals determined.'],
    // third person singular present + adverb
    ['The applicant runs quickly.', 'The applier scats rapidly.'],
    // comparative adjective + past tense of an irregular verb
    ['They bought a bigger house.', 'They purchased a larger firm.'],
    // progressive: gerund after "is"
    ['The Government is considering the matter.', 'The Government is seeing the affair.'],
    // perfect of an irregular verb whose participle equals its base
    ['He has run the company.', 'He has scatted the companionship.'],
    // superlative and irregular plural
    ['The children were the happiest.', 'The kids were the most felicitous.'],
  ])('%s', async (input, expected) => {
    expect(await paraphrased(input)).toBe(expected);
  });

  it('keeps "a"/"an" right and does not repeat the neighbouring word', async () => {
    const output = await paraphrased('He asked a lawyer to see the public prosecutor.');
    expect(output).not.toMatch(/\ba [aeiou]/i);
    expect(output).not.toMatch(/\bpublic public\b/);
  });
});

describe('what is not a replaced word is preserved', () => {
  const text =
    'THE FACTS\n\n1.  The applicant, <PERSON>, was born in 1960 and lives in [REDACTED].\r\n' +
    '2. On 3 May 2004 the police arrested him — "without any warrant" — and the Court (in Strasbourg) noted it; ' +
    'the courts decided quickly!';

  it('leaves placeholders, numbers, punctuation and line breaks byte for byte', async () => {
    const { text: output, edits } = await paraphraseHandcrafted(text, { seed: 3, removalProbability: 0.5 });
    expect(edits.length).toBeGreaterThan(3);
    let rebuilt = '';
    let from = 0;
    for (const edit of edits) {
      expect(edit.start).toBeGreaterThanOrEqual(from);
      expect(text.slice(edit.start, edit.end)).toBe(edit.before);
      expect(edit.before).not.toMatch(/[\d[\]<>\n]/);
      rebuilt += text.slice(from, edit.start) + edit.after;
      from = edit.end;
    }
    expect(rebuilt + text.slice(from)).toBe(output);
    const placeholders = (s: string) => s.match(new RegExp(DEFAULT_PLACEHOLDER_PATTERN, 'g'));
    expect(placeholders(output)).toEqual(placeholders(text));
    expect(output.match(/\d+/g)).toEqual(text.match(/\d+/g));
    expect(output.match(/[^\p{L}\s]/gu)).toEqual(text.match(/[^\p{L}\s]/gu));
    expect(output.match(/\r?\n/g)).toEqual(text.match(/\r?\n/g));
  });

  it('tags the words around a placeholder as if it were a name', async () => {
    // Unmasked, the tagger reads "considering <PERSON>" as a noun and the verb is left alone.
    expect(await paraphrased('The court is considering <PERSON> and the case.')).toBe('The tribunal is seeing <PERSON> and the instance.');
  });

  it('keeps capitalisation: sentence starts, ALL CAPS headings, and names left alone', async () => {
    const output = await paraphrased(text);
    expect(await paraphrased('THE COURTS DECIDED\n\nThe judges agreed.')).toBe('THE TRIBUNALS DETERMINED\n\nThe justices held.');
    expect(await paraphrased('Courts decided quickly.')).toBe('Tribunals determined rapidly.');
    expect(output).toContain('the Court (in Strasbourg)');
  });
});

describe('removal of adjectives and adverbs', () => {
  const text =
    'The extremely tired applicant quickly ate a large meal. It was a very old house, and the long hearing ' +
    'ended. An unusually early decision was clearly given in a small , odd room.';

  it('removes modifiers without double spaces, spaces before punctuation or a/an mistakes', async () => {
    const { text: output, edits } = await paraphraseHandcrafted(text, { removalProbability: 1, replacementProbability: 0 });
    const removed = edits.filter((edit) => edit.kind === 'remove').map((edit) => edit.before.trim());
    expect(removed).toEqual(expect.arrayContaining(['extremely', 'quickly', 'large', 'long', 'unusually']));
    expect(removed).not.toContain('very'); // "a very old" → "a old": the article would no longer fit
    expect(removed).not.toContain('small'); // "small , odd": part of a list
    expect(edits.every((edit) => edit.kind === 'remove' && edit.after === '')).toBe(true);
    expect(output).not.toMatch(/ {2}/);
    expect(output.replace(' , ', '')).not.toMatch(/ [,.;:!?]/);
    expect(output).not.toMatch(/\ba [aeiou]|\ban [^aeiou\s]/i);
    expect(output).toContain('the tired applicant ate a meal.'.slice(4)); // "tired" is modified by "extremely": kept
  });
});

describe('candidate choice with an embedding function', () => {
  it('takes the candidate with the best harmonic mean, not the first WordNet lemma', async () => {
    // Only phrases with "accused" mean the same as the original; every other candidate is unrelated.
    const embed: EmbedFn = async (texts) => texts.map((t) => Float32Array.from(t === 'He was charged' || t.includes('accused') ? [1, 0] : [0, 1]));
    expect(await paraphrased('He was charged.')).toBe('He was borne down.');
    expect(await paraphrased('He was charged.', { embed })).toBe('He was accused.');
  });
});

describe('determinism and options', () => {
  const text =
    'The local court quickly rejected the long appeal, and the regional judges later confirmed the harsh ' +
    'sentence after a very brief hearing in which the tired applicant barely spoke.';

  it('gives the same output for the same seed and can differ for another seed', async () => {
    const options = { removalProbability: 0.5, replacementProbability: 0.5 };
    const first = await paraphraseHandcrafted(text, { ...options, seed: 7 });
    expect(await paraphraseHandcrafted(text, { ...options, seed: 7 })).toEqual(first);
    const others = await Promise.all([1, 2, 3, 4, 5].map((seed) => paraphrased(text, { ...options, seed })));
    expect(others.some((other) => other !== first.text)).toBe(true);
  });

  it('edits only inside restrictTo spans', async () => {
    const start = text.indexOf('regional');
    const end = text.indexOf('sentence') + 'sentence'.length;
    const { edits } = await paraphraseHandcrafted(text, { restrictTo: [{ start, end }] });
    expect(edits.length).toBeGreaterThan(0);
    for (const edit of edits) expect(edit.start >= start && edit.end <= end + 1).toBe(true);
  });

  it('rejects bad probabilities and honours an aborted signal', async () => {
    await expect(paraphraseHandcrafted(text, { removalProbability: 2 })).rejects.toThrow(RangeError);
    await expect(paraphraseHandcrafted(text, { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
  });
});

describe('performance sanity', () => {
  it('paraphrases a ~750-word paragraph (timing printed, not asserted)', async () => {
    const sentences = [
      'The applicant was arrested on 12 March 2004 and taken to the police station, where officers questioned him for several hours.',
      'He alleged that the officers had beaten him severely and had refused to let him contact a lawyer.',
      'The following day the prosecutor charged him with robbery, and the district court ordered his detention pending trial.',
      "The applicant's lawyer lodged an appeal, arguing that the evidence was weak and that the detention was unlawful.",
      'The regional court dismissed the appeal, finding a reasonable suspicion that he had committed the offences.',
      'In the following months the courts repeatedly extended the detention, relying on the gravity of the charges.',
      '[REDACTED] submitted medical certificates showing a serious heart condition, but the authorities quickly rejected his requests.',
    ];
    const paragraph = Array.from({ length: 6 }, () => sentences.join(' ')).join(' ');
    await paraphraseHandcrafted('Warm up the reader and the tagger.');
    const started = performance.now();
    const result = await paraphraseHandcrafted(paragraph, { seed: 1 });
    const elapsed = performance.now() - started;
    console.log(`handcrafted paraphrase: ${paragraph.split(/\s+/).length} words, ${result.edits.length} edits, ${elapsed.toFixed(0)} ms`);
    expect(result.edits.length).toBeGreaterThan(50);
  });
});
