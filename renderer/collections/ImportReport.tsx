/** What an import job added, from which files, and what it skipped (a new collection's, or documents added to one). */
import type { JobInfo } from '../../shared/ipc/types.js';

export function ImportReport({ job }: { job: JobInfo | undefined }) {
  if (job?.state !== 'done') return null;
  const report = (job.value as { report?: { added: number; tokens: number; problems: { message: string }[]; files?: { file: string; documents: number }[] } })
    .report;
  if (report === undefined) return null;
  return (
    <div className="small" role="status" data-testid="import-report">
      Added {report.added.toLocaleString()} documents ({report.tokens.toLocaleString()} tokens).
      {report.files !== undefined && report.files.length > 0 && (
        <details>
          <summary>From {report.files.length === 1 ? '1 file' : `${report.files.length.toLocaleString()} files`}</summary>
          <ul className="path">
            {report.files.slice(0, 200).map((f) => (
              <li key={f.file}>
                {f.file}: {f.documents.toLocaleString()} document{f.documents === 1 ? '' : 's'}
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.problems.length > 0 && (
        <details>
          <summary>{report.problems.length} input(s) skipped</summary>
          <ul>
            {report.problems.slice(0, 100).map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
