/**
 * The runtime process behind other launchers: the Electron-style one (a parent port
 * instead of Node's IPC channel) and one that cannot start at all.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LlmClient } from '../../../electron/llm/llm-client.js';
import { forkLauncher } from '../../../electron/llm/llm-launcher.js';
import { writeTinyQwen3Gguf } from '../../../models/make-test-model.js';
import { join, useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('unlinkable-launcher-');
const fakeParentPort = fileURLToPath(new URL('./fake-parent-port.mjs', import.meta.url));

describe('LlmClient launchers', () => {
  it('talks to a runtime that uses an Electron-style parent port', async () => {
    const modelPath = join(tempDir(), 'tiny-qwen3.gguf');
    await writeTinyQwen3Gguf(modelPath);
    const client = LlmClient.start({ launcher: (entry) => forkLauncher({ ...entry, execArgv: [...entry.execArgv, '--import', fakeParentPort] }) });
    try {
      const loaded = await client.loadModel(modelPath, { gpu: false, contextSize: 2048, threads: 1 });
      expect(loaded.backend).toBe('cpu');
      const schema = { type: 'object', properties: { rewrite: { type: 'string', maxLength: 40 } } };
      const batch = await client.generate([{ system: 'Rewrite.', user: 'the Upper Tribunal', schema, seed: 3 }]);
      expect(batch.results[0]?.stopReason).toBe('complete');
    } finally {
      await client.dispose();
    }
  });

  it('says so when the runtime cannot start', async () => {
    const client = LlmClient.start({ launcher: (entry) => forkLauncher({ ...entry, path: join(tempDir(), 'no-such-entry.js'), execArgv: [] }) });
    const modelPath = join(tempDir(), 'tiny-qwen3.gguf');
    await writeTinyQwen3Gguf(modelPath);
    await expect(client.loadModel(modelPath)).rejects.toMatchObject({ code: 'model-failed', message: expect.stringMatching(/could not start/) });
    await client.dispose();
  });
});
