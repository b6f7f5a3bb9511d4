/** A document can be removed from the workspace, after a confirmation, and its text leaves the workspace's files. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openApp, test } from './host-fixture.js';

const REMOVED = 'echr-001-78447-deid';

/** A stretch of the removed judgment's text, with a placeholder in it, that no other demo judgment has. */
function distinctiveStretch(): string {
  const records = readFileSync(join('demo', 'deidentified.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { id: string; text: string });
  const removed = records.find((r) => r.id === REMOVED)!.text;
  const others = records.filter((r) => r.id !== REMOVED).map((r) => r.text);
  for (let at = removed.indexOf('[REDACTED]'); at !== -1; at = removed.indexOf('[REDACTED]', at + 1)) {
    const stretch = removed.slice(Math.max(0, at - 30), at + 40);
    if (others.every((text) => !text.includes(stretch))) return stretch;
  }
  throw new Error(`${REMOVED} has no stretch of its own around a placeholder`);
}

test('removing a document asks first, erases it from the workspace files, and survives a reload', async ({ page, host }, testInfo) => {
  const stretch = distinctiveStretch();
  const workspaceBytes = (): string =>
    ['workspace.sqlite', 'workspace.sqlite-wal']
      .map((name) => join(host.workspace, name))
      .filter(existsSync)
      .map((path) => readFileSync(path).toString('utf8'))
      .join('\n');
  await openApp(page, host);
  const list = page.getByRole('complementary', { name: 'Documents under review' });
  const titles = list.locator('li > button:not(.remove)');
  await expect(titles).toHaveCount(6);
  expect(workspaceBytes()).toContain(stretch);

  // Shown, then asked about: Cancel keeps it.
  await list.getByRole('button', { name: new RegExp(`^${REMOVED}`, 'u') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(REMOVED);
  // The window's title names the document shown.
  await expect(page).toHaveTitle(`${REMOVED} – Unlinkable`);
  await list.getByRole('button', { name: `Remove ${REMOVED} from the workspace` }).click();
  const dialog = page.getByTestId('remove-dialog');
  await expect(dialog).toContainText('cannot be undone');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('remove-dialog.png') });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(titles).toHaveCount(6);

  // Removed: out of the list, another document shown without an error, its text gone from the files.
  await list.getByRole('button', { name: `Remove ${REMOVED} from the workspace` }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(titles).toHaveCount(5);
  await expect(list).not.toContainText(REMOVED);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(REMOVED);
  await expect(page.locator('.banner')).toHaveCount(0);
  await expect(page).toHaveTitle(`${await page.getByRole('heading', { level: 1 }).textContent()} – Unlinkable`);
  expect(workspaceBytes()).not.toContain(stretch);

  await page.reload();
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(titles).toHaveCount(5);
  await expect(list).not.toContainText(REMOVED);
});
