/**
 * `unlinkable query <db> <phrase…> [--json]`: the exact document frequency of a phrase
 * and its sorted posting list (the ids of the documents that contain it).
 */
import { AppError } from '../../../shared/errors.js';
import { tokenize } from '../../../shared/tokenizer/tokenize.js';
import { openCollection } from '../../services/collections.js';
import { parse, UsageError } from '../args.js';
import { EXIT } from '../exit-codes.js';
import { usageOf } from '../usage.js';

export async function queryCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, { json: { type: 'boolean' } });
  const [db, ...words] = positionals;
  if (db === undefined || words.length === 0) throw new UsageError(usageOf('query'));
  const phrase = words.join(' ');
  const collection = openCollection(db);
  try {
    const tokens = tokenize(phrase, { placeholderPattern: collection.placeholderPattern() });
    if (tokens.count === 0) throw new AppError('invalid-input', 'The phrase has no words.');
    if (tokens.segmentStarts.length > 2)
      throw new AppError('invalid-input', 'A phrase cannot cross punctuation or a placeholder: N-grams never do. Query each part on its own.');
    const index = collection.phraseIndex();
    const ids = index.idsOf(tokens.keys);
    const walker = index.walker();
    let present = walker.start(ids[0]!);
    for (let i = 1; present && i < ids.length; i++) present = walker.extend(ids[i]!);
    const documents = present ? index.externalIds(walker.documents()) : [];
    if (values.json === true) process.stdout.write(`${JSON.stringify({ phrase: tokens.keys.join(' '), df: documents.length, documents })}\n`);
    else {
      process.stdout.write(`"${tokens.keys.join(' ')}": in ${documents.length} document${documents.length === 1 ? '' : 's'}\n`);
      for (const id of documents.slice(0, 100)) process.stdout.write(`  ${id}\n`);
      if (documents.length > 100) process.stdout.write(`  … and ${documents.length - 100} more (use --json for all)\n`);
    }
    return EXIT.ok;
  } finally {
    collection.close();
  }
}
