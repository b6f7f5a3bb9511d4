// A cancel while a file is being uploaded must stop the import, not only the files after it
// (the e2e collections test met it when the one upload was slow: the collection was made).
import { describe, expect, it, vi } from 'vitest';

const sent: string[] = [];
let onSend: () => void = () => undefined;
vi.mock('../../renderer/api/client.js', () => ({
  call: async (_channel: string, request: { name: string }) => {
    sent.push(request.name);
    onSend();
    return { uploadId: `upload-${request.name}` };
  },
  fileToBase64: async () => 'AA==',
}));
const { uploadFiles } = await import('../../renderer/collections/upload-files.js');

const file = (name: string) => new File(['x'], name);

describe('uploadFiles', () => {
  it('uploads each file and returns their ids', async () => {
    sent.length = 0;
    onSend = () => undefined;
    const progress: number[] = [];
    await expect(uploadFiles([file('a.jsonl'), file('b.jsonl')], (done) => progress.push(done), new AbortController().signal)).resolves.toEqual([
      'upload-a.jsonl',
      'upload-b.jsonl',
    ]);
    expect(progress).toEqual([1, 2]);
  });

  it('throws AbortError when cancelled while the only file is on its way', async () => {
    sent.length = 0;
    const controller = new AbortController();
    onSend = () => controller.abort();
    await expect(uploadFiles([file('big.jsonl.gz')], () => undefined, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toEqual(['big.jsonl.gz']);
  });

  it('sends no file after a cancel', async () => {
    sent.length = 0;
    const controller = new AbortController();
    onSend = () => controller.abort();
    await expect(uploadFiles([file('a.jsonl'), file('b.jsonl')], () => undefined, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toEqual(['a.jsonl']);
  });
});
