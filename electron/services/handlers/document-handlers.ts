/**
 * Documents under review: open (pasted text, uploaded file or JSONL record, picked
 * path), versions, undo and redo, restore, settings.
 */
import { basename } from 'node:path';
import { AppError } from '../../../shared/errors.js';
import type { RequestOf } from '../../../shared/ipc/contract.js';
import type { ReviewDocument } from '../../../shared/ipc/types.js';
import { redactionRanges, replaceMerged } from '../../../shared/review/redaction.js';
import { readDocumentToCheck } from '../../import/read-document.js';
import type { AppServices, Handlers } from '../app-services.js';
import { stepHistory } from '../review-history.js';
import { knownCollection } from './collection-handlers.js';

type DocumentHandlers = Pick<
  Handlers,
  | 'documents:list'
  | 'documents:open'
  | 'documents:get'
  | 'documents:edit'
  | 'documents:undo'
  | 'documents:redo'
  | 'documents:versions'
  | 'documents:restore'
  | 'documents:settings'
  | 'documents:delete'
  | 'documents:original'
  | 'documents:version'
  | 'documents:apply-placeholders'
>;

/** Larger texts are not judgments: the review screen would crawl; the CLI checks them. */
export const MAX_REVIEW_CHARACTERS = 2_000_000;

async function readSource(
  services: AppServices,
  source: RequestOf<'documents:open'>['source'],
): Promise<{ title: string; text: string; origin: string; originalId: string | null }> {
  if (source.kind === 'text') return { title: source.title, text: source.text, origin: 'pasted text', originalId: null };
  let path: string;
  if (source.kind === 'upload') path = services.uploads.resolve(source.uploadId);
  else {
    services.pickedPaths.require(source.path, 'opened');
    path = source.path;
  }
  const document = await readDocumentToCheck(path, source.recordId).catch((error: unknown) => {
    throw services.uploads.describeError(error);
  });
  const name = services.uploads.describe(path) === path ? basename(path) : services.uploads.describe(path);
  return {
    title: document.id ?? name.replace(/\.(txt|md)$/i, ''),
    text: document.text,
    origin: document.id !== undefined ? `${name}, record ${document.id}` : name,
    originalId: document.originalId ?? null,
  };
}

export function documentHandlers(services: AppServices): DocumentHandlers {
  const changed = (
    document: ReviewDocument,
    domains: ('documents' | 'versions' | 'suggestions' | 'decisions')[] = ['documents', 'versions'],
  ): ReviewDocument => {
    services.emit({ type: 'changed', domains, documentId: document.id });
    return document;
  };
  return {
    'documents:list': async () => services.reviews.list(),
    'documents:open': async ({ source, collectionPath }) => {
      if (collectionPath !== null) knownCollection(services, collectionPath);
      const read = await readSource(services, source);
      if (read.text.length > MAX_REVIEW_CHARACTERS) {
        throw new AppError(
          'too-large',
          `This document has ${read.text.length.toLocaleString('en')} characters; the review screen takes documents of up to ${MAX_REVIEW_CHARACTERS.toLocaleString('en')} (a long judgment has about 100,000). Split it, or check it with "unlinkable check".`,
        );
      }
      const created = services.reviews.create({ ...read, settings: services.defaultSettings(collectionPath) });
      // The dialog sends a file again for another record, so the uploaded copy has served its turn.
      if (source.kind === 'upload') services.uploads.remove(source.uploadId);
      return changed(created);
    },
    'documents:get': async ({ documentId }) => services.reviews.get(documentId),
    'documents:edit': async ({ documentId, baseVersionId, text, source, description }) =>
      changed(services.reviews.edit(documentId, baseVersionId, text, source, description), ['documents', 'versions', 'suggestions', 'decisions']),
    // The latest action that changed no text, else the head version (review-history.ts).
    'documents:undo': async ({ documentId }) => changed(stepHistory(services, documentId, true), ['documents', 'versions', 'suggestions', 'decisions']),
    'documents:redo': async ({ documentId }) => changed(stepHistory(services, documentId, false), ['documents', 'versions', 'suggestions', 'decisions']),
    'documents:versions': async ({ documentId }) => services.reviews.versions(documentId),
    // A restore gives back the suggestions accepted since the version restored; undoing it accepts them again.
    'documents:restore': async ({ documentId, versionId }) =>
      changed(services.suggestions.restore(services.reviews, documentId, versionId), ['documents', 'versions', 'suggestions', 'decisions']),
    'documents:settings': async ({ documentId, settings }) => {
      if (settings.collectionPath !== null) {
        knownCollection(services, settings.collectionPath);
        if (settings.sourceId !== null) await services.engine.request('hasDocument', { path: settings.collectionPath, id: settings.sourceId });
      }
      return changed(services.reviews.setSettings(documentId, settings), ['documents']);
    },
    'documents:original': async ({ documentId }) => ({ text: services.reviews.originalText(documentId) }),
    'documents:version': async ({ documentId, versionId }) => ({ text: services.reviews.versionText(documentId, versionId) }),
    'documents:apply-placeholders': async ({ documentId, baseVersionId, ranges, description }) => {
      const document = services.reviews.get(documentId);
      for (const r of ranges)
        if (r.end <= r.start || r.end > document.text.length) throw new AppError('invalid-input', 'A range to replace lies outside the text.');
      const { placeholder } = document.settings;
      const merged = redactionRanges(document.text, ranges, placeholder);
      const text = replaceMerged(document.text, merged, placeholder);
      // The version and its records together: the review log never lacks a change the text has.
      const updated = services.db.transaction(() => {
        const made = services.reviews.edit(documentId, baseVersionId, text, 'placeholder', description);
        // One record per placeholder written, of the kind of the first finding it replaced;
        // none for a placeholder that was there already (and no version made, none at all).
        if (made.versionId === document.versionId) return made;
        const kinds = firstKindWithin(merged, ranges);
        const records = merged
          .map((m, i) => ({
            start: m.start,
            removed: m.end - m.start,
            inserted: placeholder,
            decision: 'placeholder' as const,
            kind: kinds[i] ?? ('spans' as const),
          }))
          .filter((r) => document.text.slice(r.start, r.start + r.removed) !== placeholder);
        services.decisions.recordChanges(documentId, made.versionId, records);
        return made;
      })();
      return changed(updated, ['documents', 'versions', 'suggestions', 'decisions']);
    },
    'documents:delete': async ({ documentId }) => {
      services.reviews.delete(documentId);
      services.emit({ type: 'changed', domains: ['documents'], documentId });
      return null;
    },
  };
}

/**
 * For each merged range (ascending, apart), the kind of the first of `ranges` in the order
 * given that overlaps it. One sweep over both sorted; a search of `ranges` for each merged
 * range was quadratic when the plan's thousands of runs are accepted at once.
 */
function firstKindWithin<Kind>(
  merged: readonly { start: number; end: number }[],
  ranges: readonly { start: number; end: number; kind: Kind }[],
): (Kind | undefined)[] {
  const order = ranges.map((_, i) => i).sort((a, b) => ranges[a]!.start - ranges[b]!.start || a - b);
  const kinds: (Kind | undefined)[] = [];
  let from = 0;
  for (const m of merged) {
    // Ranges ending at or before this one starts cannot overlap it or any later one.
    while (from < order.length && ranges[order[from]!]!.end <= m.start) from++;
    let first = -1;
    for (let j = from; j < order.length && ranges[order[j]!]!.start < m.end; j++) {
      if (ranges[order[j]!]!.end > m.start && (first < 0 || order[j]! < first)) first = order[j]!;
    }
    kinds.push(first < 0 ? undefined : ranges[first]!.kind);
  }
  return kinds;
}
