/**
 * Export: the approved text, its report and optionally a .docx, written to a folder.
 * Blocked while linkable phrases remain unless the clerk records a justification.
 */
import { AppError } from '../../../shared/errors.js';
import { verdict } from '../../../shared/linkage/verdict.js';
import type { CollectionInfo } from '../../index-store/collection-index.js';
import { buildReport } from '../../export/export-report.js';
import { docxBytes, plannedFiles, prepareFolder, safeBaseName, writeAtomically } from '../../export/export-files.js';
import { setPreference } from '../../workspace/workspace-db.js';
import type { AppServices, Handlers } from '../app-services.js';
import { collectionOf, fullCheck } from './detection-handlers.js';

export function exportHandlers(services: AppServices): Pick<Handlers, 'export:run'> {
  return {
    'export:run': async ({ documentId, folder, formats, justification, onExisting }) => {
      const document = services.reviews.get(documentId);
      const path = collectionOf(services, document.settings);
      const check = await fullCheck(services, documentId, document.text, document.settings);
      const remaining = check.minimal.length + check.combinations.length;
      const reason = justification?.trim() ?? '';
      if (remaining > 0 && reason.length === 0) {
        throw new AppError('export-blocked', `${verdict(check)}. Remove them, or record why this document may be released anyway.`);
      }
      prepareFolder(folder);
      const info = await services.engine.request<CollectionInfo>('info', { path });
      const files = plannedFiles(folder, safeBaseName(document.title), formats, onExisting);
      const runs = services.db.prepare('SELECT record_json FROM rewrite_runs WHERE document_id = ? ORDER BY id').all(documentId) as { record_json: string }[];
      const report = buildReport({
        appVersion: services.options.version,
        title: document.title,
        text: document.text,
        versionId: document.versionId,
        collection: { name: info.name, contentSha256: info.contentSha256, documentCount: info.documentCount },
        settings: { ...document.settings, placeholderPattern: check.settings.placeholderPattern },
        remaining: { minimal: check.minimal.length, combinationSpans: check.combinations.length },
        verdict: verdict(check),
        justification: remaining > 0 ? reason : null,
        history: services.reviews.history(documentId),
        rewriting: runs.map((r) => JSON.parse(r.record_json)),
      });
      for (const [format, file] of files) {
        if (format === 'txt') writeAtomically(file, document.text);
        else if (format === 'json') writeAtomically(file, `${JSON.stringify(report, null, 2)}\n`);
        else writeAtomically(file, await docxBytes(document.title, document.text));
      }
      const written = [...files.values()];
      services.db
        .prepare('INSERT INTO exports (document_id, version_id, folder, files_json, justification, created_at) VALUES (?, ?, ?, ?, ?, ?)')
        .run(documentId, document.versionId, folder, JSON.stringify(written), remaining > 0 ? reason : null, new Date().toISOString());
      setPreference(services.db, 'export-folder', folder);
      return { folder, files: written, remaining };
    },
  };
}
