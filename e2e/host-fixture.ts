/**
 * Starts the browser host (the built dist/host.js) on a fresh workspace with the demo
 * data for each test, and stops it afterwards. Every request the page makes is recorded
 * so tests can prove nothing leaves 127.0.0.1.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Host {
  readonly url: string;
  readonly origin: string;
  readonly workspace: string;
  readonly exportFolder: string;
  readonly requests: string[];
}

async function startHost(workspace: string, exportFolder: string): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, ['dist/host.js', '--workspace', workspace, '--demo', 'demo', '--export-folder', exportFolder, '--json'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n')) resolve((JSON.parse(line!) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`The host exited (${code}) before starting: ${stderr}`)));
  });
  return { child, url, stderr: () => stderr };
}

export const test = base.extend<{ host: Host }>({
  host: async ({ page }, use) => {
    const workspace = mkdtempSync(join(tmpdir(), 'unlinkable-e2e-'));
    const exportFolder = join(workspace, 'exports');
    const { child, url, stderr } = await startHost(workspace, exportFolder);
    let stopping = false;
    // A host that dies mid-test shows in the page only as "not answering"; say why here.
    child.once('exit', (code, signal) => {
      if (!stopping) process.stderr.write(`The host stopped during the test (${code ?? signal}):\n${stderr().slice(-4000)}\n`);
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await use({ url, origin: new URL(url).origin, workspace, exportFolder, requests });
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(workspace, { recursive: true, force: true });
  },
});

export { expect };

/** Opens the app and waits until the first document is checked. */
export async function openApp(page: Page, host: Host): Promise<void> {
  await page.goto(host.url);
  await expect(page.locator('.app[data-state=ready]')).toBeVisible();
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
}

/** The document's text as shown, without the previews of pending suggestions. */
export async function documentText(page: Page): Promise<string> {
  return page.getByTestId('document-text').evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('ins.preview').forEach((preview) => preview.remove());
    return copy.textContent ?? '';
  });
}

/** The number in the verdict ("17 linkable phrases remain…"), 0 when none remain. */
export async function remainingCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('verdict').textContent()) ?? '';
  const match = /^([\d,]+) linkable/.exec(text);
  return match === null ? 0 : Number(match[1]!.replace(/,/gu, ''));
}
