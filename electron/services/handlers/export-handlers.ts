/**
 * Export: the approved text, its report, the printable review log and optionally a
 * .docx, written to a folder. The gate: unless the text is checked clean at the
 * collection's policy or stricter (see shared/review/release-gate.ts), the clerk must
 * record a justification, a real sentence.
 */
import { AppError } from '../../../shared/errors.js';
import type { FuzzyRank } from '../../../shared/ipc/types.js';
import { sourceDoubt } from '../../../shared/linkage/suggest-source.js';
import { verdict } from '../../../shared/linkage/verdict.js';
import { policyDifferences, releaseGate } from '../../../shared/review/release-gate.js';
import { buildReport } from '../../export/export-report.js';
import { docxBytes, plannedFiles, prepareFolder, safeBaseName, writeAllOrNone } from '../../export/export-files.js';
import { reviewLogHtml } from '../../export/review-log.js';
import { checkReason } from '../../workspace/decision-store.js';
import { setPreference } from '../../workspace/workspace-db.js';
import type { AppServices, Handlers } from '../app-services.js';
import { collectionOf, fullCheck, likeliestSources } from './detection-handlers.js';

export function exportHandlers(services: AppServices): Pick<Handlers, 'export:run'> {
  return {
    'export:run': async ({ documentId, folder, formats, justification, reviewer, onExisting }) => {
      const document = services.reviews.get(documentId);
      const path = collectionOf(services, document.settings);
      const policy = services.collections.get(path)!.policy;
      const check = await fullCheck(services, documentId, document.text, document.settings);
      const remaining = check.minimal.length + check.combinations.length;
      const sourceId = document.settings.sourceId;
      const doubt =
        sourceId === null
          ? undefined
          : sourceDoubt(await likeliestSources(services, path, services.reviews.originalText(documentId), sourceId, document.settings), sourceId);
      const gate = releaseGate(document.settings, remaining, policy, doubt);
      let reason: string | null = null;
      if (gate.required) {
        if ((justification ?? '').trim().length === 0) {
          throw new AppError('export-blocked', `Export needs a justification: ${gate.reasons.join('; ')}. Record why this document may be released anyway.`);
        }
        reason = checkReason(justification ?? '', 'the justification');
      }
      prepareFolder(folder);
      const info = await services.engine.request('info', { path });
      const rankedSourceId = sourceId ?? document.originalId;
      let fuzzySearch: FuzzyRank | null = null;
      try {
        fuzzySearch = await services.engine.request('fuzzyRank', { path, text: document.text, sourceId: rankedSourceId });
      } catch {
        // A source id the collection does not hold: the report says it was not measured.
      }
      const files = plannedFiles(folder, safeBaseName(document.title), formats, onExisting);
      const history = services.reviews.history(documentId);
      const report = buildReport({
        appVersion: services.options.version,
        reviewer: reviewer.trim(),
        title: document.title,
        text: document.text,
        openedText: services.reviews.originalText(documentId),
        versionId: document.versionId,
        versionNumber: document.versionNumber,
        versionCount: document.versionCount,
        collection: { name: info.name, contentSha256: info.contentSha256, documentCount: info.documentCount },
        policy,
        settings: {
          k: document.settings.k,
          arity: document.settings.arity,
          maxN: document.settings.maxN,
          sourceId: document.settings.sourceId,
          placeholderPattern: check.settings.placeholderPattern,
          strategy: document.settings.strategy,
          placeholder: document.settings.placeholder,
        },
        policyDifferences: policyDifferences(document.settings, policy),
        remaining: { minimal: check.minimal.length, combinationSpans: check.combinations.length },
        verdict: verdict(check),
        gate,
        justification: reason,
        fuzzySearch,
        history,
        changes: services.decisions.changes(
          documentId,
          history.map((h) => h.versionId),
        ),
        kept: services.decisions.decisions(documentId),
        rewriting: services.runs.rewriteRuns(documentId),
      });
      const contents: [string, Buffer | string][] = [];
      for (const [format, file] of files) {
        if (format === 'txt') contents.push([file, document.text]);
        else if (format === 'json') contents.push([file, `${JSON.stringify(report, null, 2)}\n`]);
        else if (format === 'html') contents.push([file, reviewLogHtml(report)]);
        else contents.push([file, await docxBytes(document.title, document.text)]);
      }
      writeAllOrNone(contents);
      const written = [...files.values()];
      services.runs.addExport({ documentId, versionId: document.versionId, folder, files: written, justification: reason, reviewer: reviewer.trim() });
      setPreference(services.db, 'export-folder', folder);
      setPreference(services.db, 'reviewer', reviewer.trim());
      setPreference(services.db, 'export-formats', JSON.stringify(formats));
      return { folder, files: written, remaining };
    },
  };
}
