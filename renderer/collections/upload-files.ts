/**
 * Sends chosen files to the main process as one upload (a folder keeps its relative
 * paths), reporting progress and stopping when cancelled.
 */
import { call, fileToBase64 } from '../api/client.js';

export async function uploadFiles(files: readonly File[], onProgress: (done: number, total: number) => void, signal: AbortSignal): Promise<string[]> {
  // Plain files each become an upload of their own; a folder's files share one.
  const fromFolder = files.some((f) => (f as File & { webkitRelativePath?: string }).webkitRelativePath);
  let folderId: string | undefined;
  const ids: string[] = [];
  for (let i = 0; i < files.length; i++) {
    if (signal.aborted) throw new DOMException('Cancelled', 'AbortError');
    const file = files[i]!;
    const relativePath = (file as File & { webkitRelativePath?: string }).webkitRelativePath || undefined;
    const result = await call('files:upload', {
      name: file.name,
      base64: await fileToBase64(file),
      ...(fromFolder && relativePath !== undefined ? { relativePath } : {}),
      ...(fromFolder && folderId !== undefined ? { uploadId: folderId } : {}),
    });
    if (fromFolder) folderId = result.uploadId;
    else ids.push(result.uploadId);
    onProgress(i + 1, files.length);
  }
  // A cancel that came while the last file was on its way stops here too: nothing is imported.
  if (signal.aborted) throw new DOMException('Cancelled', 'AbortError');
  return fromFolder && folderId !== undefined ? [folderId] : ids;
}
