/**
 * The real Electron app, where its binary is installed (`npx install-electron` on a
 * connected machine). Without it this project is skipped, and says why.
 */
import { _electron as electron, expect, test } from '@playwright/test';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function electronBinary(): string | undefined {
  const pathFile = join('node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return undefined;
  const binary = join('node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8'));
  return existsSync(binary) ? binary : undefined;
}

const binary = electronBinary();
const reason =
  'the Electron binary is not installed here (npm ci ran with ELECTRON_SKIP_BINARY_DOWNLOAD=1); run "npx install-electron" on a connected machine to run these tests';
if (binary === undefined) console.log(`Electron e2e skipped: ${reason}.`);

test.skip(binary === undefined, reason);

test('the desktop app opens the demo judgment with highlights and sends nothing anywhere', async () => {
  const userData = mkdtempSync(join(tmpdir(), 'unlinkable-electron-'));
  const app = await electron.launch({
    executablePath: binary!,
    args: ['dist/main.js', `--user-data-dir=${userData}`],
    env: { ...process.env, UNLINKABLE_DEMO: 'demo' },
  });
  // Recorded on the context from launch, so the requests of the first window's load count too.
  const requests: string[] = [];
  app.context().on('request', (r) => requests.push(r.url()));
  try {
    const window = await app.firstWindow();
    await expect(window.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
    await expect(window.locator('mark.single').first()).toBeVisible();
    const isolated = await window.evaluate(
      () => typeof (globalThis as { require?: unknown }).require === 'undefined' && typeof (globalThis as { process?: unknown }).process === 'undefined',
    );
    expect(isolated).toBe(true);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith('app://unlinkable/'))).toEqual([]);
  } finally {
    await app.close();
    rmSync(userData, { recursive: true, force: true });
  }
});
