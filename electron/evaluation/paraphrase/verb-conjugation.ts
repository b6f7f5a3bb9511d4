/**
 * Conjugation of one English verb: compromise's tables, corrected where they are known
 * to fail. Compromise leaves verbs it only knows as nouns unconjugated ("collar" →
 * past "collar", gerund "collar"), and drops irregular participles it lacks ("has ran").
 */
import { conjugate as compromiseConjugate } from './compromise-facade.js';

/** The forms of a verb the baseline needs. */
export interface VerbTable {
  readonly base: string;
  readonly third: string;
  readonly past: string;
  readonly participle: string;
  readonly gerund: string;
}

/** Irregular past participles compromise leaves out or gets wrong. */
const PARTICIPLE_OVERRIDES: Readonly<Record<string, string>> = {
  bear: 'borne',
  become: 'become',
  befall: 'befallen',
  come: 'come',
  forego: 'foregone',
  forgo: 'forgone',
  lean: 'leaned',
  mislay: 'mislaid',
  mistake: 'mistaken',
  overcome: 'overcome',
  overhear: 'overheard',
  partake: 'partaken',
  redo: 'redone',
  retell: 'retold',
  run: 'run',
  smite: 'smitten',
  stride: 'stridden',
  strive: 'striven',
  tread: 'trodden',
  underlie: 'underlain',
};
/** Irregular past tenses compromise gets wrong. */
const PAST_OVERRIDES: Readonly<Record<string, string>> = {
  befall: 'befell',
  lean: 'leaned',
  mislay: 'mislaid',
  overhear: 'overheard',
  retell: 'retold',
  smite: 'smote',
  stride: 'strode',
  tread: 'trod',
};
/** Verbs whose past really is their base form, so an unchanged past from compromise is right. */
const INVARIANT_PAST = new Set([
  'bet',
  'bid',
  'broadcast',
  'burst',
  'cast',
  'cost',
  'cut',
  'fit',
  'forecast',
  'hit',
  'hurt',
  'let',
  'offset',
  'put',
  'quit',
  'read',
  'rid',
  'set',
  'shed',
  'shut',
  'slit',
  'split',
  'spread',
  'thrust',
  'upset',
  'wet',
  'beset',
  'outbid',
  'reset',
  'recast',
  'typeset',
  'undercut',
  'overcast',
]);

const CONSONANT = '[b-df-hj-np-tv-z]';
/** One-syllable consonant-vowel-consonant endings double their last consonant (stop → stopped). */
const DOUBLES_FINAL = new RegExp(`^${CONSONANT}*[aeiou]${'[b-df-hj-np-tv]'}$`);

function regularPast(verb: string): string {
  if (verb.endsWith('e')) return `${verb}d`;
  if (new RegExp(`${CONSONANT}y$`).test(verb)) return `${verb.slice(0, -1)}ied`;
  if (DOUBLES_FINAL.test(verb)) return `${verb}${verb.slice(-1)}ed`;
  return `${verb}ed`;
}

function regularGerund(verb: string): string {
  if (verb.endsWith('ie')) return `${verb.slice(0, -2)}ying`;
  if (/[^eoy]e$/.test(verb)) return `${verb.slice(0, -1)}ing`;
  if (DOUBLES_FINAL.test(verb)) return `${verb}${verb.slice(-1)}ing`;
  return `${verb}ing`;
}

function regularThird(verb: string): string {
  if (/(?:s|x|z|ch|sh|o)$/.test(verb)) return `${verb}es`;
  if (new RegExp(`${CONSONANT}y$`).test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const cache = new Map<string, VerbTable>();

/** The conjugation of a single-word verb (lower case). */
export function conjugateVerb(verb: string): VerbTable {
  const cached = cache.get(verb);
  if (cached) return cached;
  const table = compromiseConjugate(verb);
  const unchangedPast = !table.PastTense || (table.PastTense === verb && !INVARIANT_PAST.has(verb));
  const past = PAST_OVERRIDES[verb] ?? (unchangedPast ? regularPast(verb) : table.PastTense!);
  const result: VerbTable = {
    base: verb,
    third: table.PresentTense && table.PresentTense !== verb ? table.PresentTense : regularThird(verb),
    past,
    participle: PARTICIPLE_OVERRIDES[verb] ?? table.Participle ?? past,
    gerund: table.Gerund && table.Gerund !== verb ? table.Gerund : regularGerund(verb),
  };
  cache.set(verb, result);
  return result;
}
