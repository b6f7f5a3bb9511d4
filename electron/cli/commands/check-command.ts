/**
 * `unlinkable check <db> <file> [--k 2] [--arity 3] [--source ID] [--max-n 8|0] [--json]`
 */
import { MAX_BOUNDED_N, MAX_K, type Arity } from '../../../shared/linkage/settings.js';
import type { PhraseLocation } from '../../../shared/linkage/types.js';
import { remainingPhrases, verdict } from '../../../shared/linkage/verdict.js';
import { openCollection } from '../../services/collections.js';
import { sourceDoubtMessage } from '../../../shared/linkage/suggest-source.js';
import { checkText, doubtAboutSource } from '../../services/detection.js';
import { intFlag, parse, stringFlag, UsageError } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { highlightForTerminal } from '../highlight.js';
import { readDocumentToCheck } from '../../import/read-document.js';
import type { CommandContext } from './context.js';
import { printPlan, planStrategy } from './plan-output.js';
import { usageOf } from '../usage.js';

const USAGE = usageOf('check');

function useColor(values: Record<string, string | boolean | undefined>): boolean {
  if (values.color === true) return true;
  if (values['no-color'] === true || process.env.NO_COLOR !== undefined) return false;
  return process.stdout.isTTY === true;
}

export async function checkCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parse(argv, {
    k: { type: 'string' },
    arity: { type: 'string' },
    source: { type: 'string' },
    'max-n': { type: 'string' },
    record: { type: 'string' },
    'placeholder-pattern': { type: 'string' },
    json: { type: 'boolean' },
    'all-combinations': { type: 'boolean' },
    color: { type: 'boolean' },
    'no-color': { type: 'boolean' },
    plan: { type: 'boolean' },
    strategy: { type: 'string' },
  });
  const [db, file] = positionals;
  if (db === undefined || file === undefined || positionals.length > 2) throw new UsageError(USAGE);
  const k = intFlag(values, 'k', 2, 2, MAX_K);
  const arity = intFlag(values, 'arity', 3, 1, 3) as Arity;
  const maxN = intFlag(values, 'max-n', 8, 0, MAX_BOUNDED_N);
  const collection = openCollection(db);
  try {
    const document = await readDocumentToCheck(file, stringFlag(values, 'record'));
    const settings = { k, arity, maxN, sourceId: stringFlag(values, 'source'), placeholderPattern: stringFlag(values, 'placeholder-pattern') };
    const started = performance.now();
    if (values['all-combinations'] === true) {
      const write = (kind: string, members: PhraseLocation[]): void => {
        process.stdout.write(`${JSON.stringify({ kind, members: members.map((m) => ({ start: m.start, end: m.end, text: m.text })) })}\n`);
      };
      const result = checkText(collection, document.text, settings, {
        signal: context.signal,
        allCombinations: true,
        onCombination: (members) => write(members.length === 2 ? 'pair' : 'triple', members),
      });
      process.stdout.write(`${JSON.stringify({ kind: 'summary', summary: result.summary, seconds: (performance.now() - started) / 1000 })}\n`);
      return remainingPhrases(result) > 0 ? EXIT.linkable : EXIT.ok;
    }
    const result = checkText(collection, document.text, settings, { signal: context.signal });
    const seconds = (performance.now() - started) / 1000;
    const doubt = doubtAboutSource(collection, document.text, settings, { signal: context.signal });
    if (doubt !== undefined) process.stderr.write(`Warning: ${sourceDoubtMessage(settings.sourceId!, doubt)}\n`);
    if (values.plan === true)
      return printPlan({
        collection,
        text: document.text,
        documentId: document.id,
        settings,
        detection: result,
        strategy: planStrategy(stringFlag(values, 'strategy')),
        json: values.json === true,
        color: useColor(values),
        signal: context.signal,
      });
    if (values.strategy !== undefined) throw new UsageError('--strategy goes with --plan.');
    if (values.json === true) {
      const info = collection.readInfo();
      process.stdout.write(
        `${JSON.stringify({ collection: { name: info.name, contentSha256: info.contentSha256, documents: info.documentCount }, document: { id: document.id }, seconds, ...result, sourceDoubt: doubt ?? null })}\n`,
      );
    } else {
      process.stdout.write(useColor(values) ? highlightForTerminal(document.text, result) : document.text);
      process.stdout.write('\n\n');
      const s = result.summary;
      const n = maxN === 0 ? 'unbounded N' : `N ≤ ${maxN}`;
      process.stdout.write(`Settings: k=${k}, arity ${arity === 1 ? '1' : `≤${arity}`}, ${n}${settings.sourceId ? `, source ${settings.sourceId}` : ''}\n`);
      process.stdout.write(
        `Tokens ${s.tokens} · N-grams ${s.ngrams} · linkable ${s.linkable} · minimal linkable ${s.minimal}` +
          (arity > 1 ? ` · candidates ${s.candidates} · spans from combinations ${s.combinationSpans}` : '') +
          ` · ${(seconds * 1000).toFixed(0)} ms\n`,
      );
      if (!useColor(values) && remainingPhrases(result) > 0) {
        for (const m of result.minimal) process.stdout.write(`  single  [${m.start}, ${m.end}) df=${m.df}\n`);
        for (const c of result.combinations)
          process.stdout.write(
            `  combo   [${c.start}, ${c.end}) with ${c.witness.members.length - 1} other phrase(s), ${c.witness.intersection} document(s)\n`,
          );
      }
      process.stdout.write(`${verdict(result)}\n`);
    }
    return remainingPhrases(result) > 0 ? EXIT.linkable : EXIT.ok;
  } finally {
    collection.close();
  }
}
