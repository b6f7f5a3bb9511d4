/**
 * No false all-clear: while a check of the text on screen is pending, neither the verdict
 * nor the findings count may claim there is nothing linkable. Every state both pass
 * through is recorded in the page (a MutationObserver from the first paint) while the
 * clerk opens a judgment and types into it; the text stays linkable throughout, so any
 * "No linkable phrases" or "(0)" shown is false.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openApp, test } from './host-fixture.js';

declare global {
  interface Window {
    __states: { at: number; verdict: string; count: string; workspace: string }[];
  }
}

test('the verdict and the findings count say "Checking…" until the final check of the text is done', async ({ page, host }, testInfo) => {
  await page.addInitScript(() => {
    window.__states = [];
    const record = () => {
      const verdict = document.querySelector('[data-testid="verdict"]')?.textContent ?? '';
      const count = document.querySelector('[data-testid="findings-count"]')?.textContent ?? '';
      const workspace = document.querySelector('[data-testid="workspace"]')?.getAttribute('data-state') ?? '';
      const last = window.__states.at(-1);
      if (last === undefined || last.verdict !== verdict || last.count !== count || last.workspace !== workspace) {
        window.__states.push({ at: performance.now(), verdict, count, workspace });
      }
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await openApp(page, host);
  await page.getByRole('button', { name: 'Edit text' }).click();
  const editor = page.getByTestId('text-editor');
  await editor.press('End');
  await editor.pressSequentially(' The applicant lived in Zanzibar near the old harbour.', { delay: 40 });
  // While the combinations are re-checked the verdict is neutral.
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'checking');
  await page.screenshot({ path: testInfo.outputPath('checking.png') });
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'linkable');

  const states = await page.evaluate(() => window.__states);
  expect(states.length).toBeGreaterThan(3);
  expect(states.some((s) => s.verdict === 'Checking…')).toBe(true);
  const falseClear = states.filter((s) => /No linkable/.test(s.verdict) || s.count.trim() === '(0)');
  expect(falseClear).toEqual([]);
  // A count is only shown once its check is final.
  for (const s of states) if (s.workspace !== 'ready') expect(s.count.trim() === '' || s.count.trim() === '(…)').toBe(true);
});

test('the export dialog waits for the check of the current text', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('button', { name: 'Edit text' }).click();
  await page.getByTestId('text-editor').press('End');
  await page.getByTestId('text-editor').pressSequentially(' Zanzibar.');
  await page.getByRole('button', { name: 'Done editing' }).click();
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByLabel('Reviewer').fill('A. Clerk');
  // Never an enabled Export without a justification while the text links.
  await expect(dialog).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(dialog.getByTestId('justification')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
});

test('exporting to a folder that cannot be made says why, and the app keeps answering', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await dialog.getByLabel('Reviewer').fill('A. Clerk');
  await dialog.getByLabel('Justification').fill('A test of folders that cannot be made.');
  const folder = dialog.getByLabel('Export folder');
  const cases: [string, RegExp][] = [
    ['/proc/nope', /virtual file system/],
    [`${host.workspace}/workspace.sqlite/exports`, /is a file, not a folder/],
    ['Z:\\exports', /full path/],
  ];
  for (const [path, message] of cases) {
    await folder.fill(path);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(dialog.getByRole('alert')).toContainText(message);
  }
  // The next request works: a good folder exports.
  await folder.fill(host.exportFolder);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByTestId('export-done')).toBeVisible();
});

test('after switching the arity, once the new check is done, no row of the cost table says "checking…"', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const cost = page.getByTestId('cost');
  for (const arity of ['1 phrase', '≤ 2 phrases', '≤ 3 phrases', '1 phrase']) {
    // The radio follows the saved settings, so it turns checked once the save is back.
    await cost.getByLabel(arity).click();
    await expect(cost.getByLabel(arity)).toBeChecked();
    await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
    // Every row gets its share once the check (and the combinations behind it) is done.
    await expect(cost.locator('tbody tr')).toHaveCount(3);
    await expect(cost).not.toContainText('checking…', { timeout: 30_000 });
    await expect(cost).not.toContainText('not measured');
    const shares = await cost.locator('tbody tr td:nth-child(2)').allTextContents();
    for (const share of shares) expect(share).toMatch(/^\d+ % of the words$/);
  }
});

test('the source document can be typed, with the collection ids offered as it is typed', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const field = page.getByTestId('source-field');
  await field.fill('');
  await field.press('Enter');
  await expect(field).toHaveValue('');
  await field.pressSequentially('echr-001-6174', { delay: 30 });
  // The datalist fills from the collection's ids matching what is typed.
  const listId = await field.getAttribute('list');
  await expect.poll(() => page.locator(`datalist[id="${listId}"] option[value="echr-001-61744"]`).count(), { timeout: 30_000 }).toBeGreaterThan(0);
  await field.pressSequentially('4');
  await field.press('Enter');
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByTestId('source-field')).toHaveValue('echr-001-61744');
});

test('a source that shares fewer rare phrases than another document is questioned beside the verdict', async ({ page, host }) => {
  await openApp(page, host);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('echr-001-79071-deid');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const field = page.getByTestId('source-field');
  // An existing id, but the source of another demo judgment: only links to it would count.
  await field.fill('echr-001-61744');
  await field.press('Enter');
  const doubt = page.getByTestId('source-doubt');
  await expect(doubt).toContainText(/Is echr-001-61744 the source\? echr-001-79071 shares more rare phrases \(\d+ against \d+\)/, { timeout: 60_000 });
  // Exporting under that source needs a justification that answers the doubt, and the report keeps it.
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const doubtReason = /echr-001-79071 shares more of the text's rare phrases than echr-001-61744 \(\d+ against \d+\)/;
  await expect(dialog.getByTestId('justification')).toBeVisible();
  await expect(dialog).toContainText(doubtReason);
  await dialog.getByLabel('Reviewer').fill('A. Clerk');
  await dialog.getByLabel('Justification').fill('The registrar confirmed the source id in writing today.');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByTestId('export-done')).toBeVisible();
  const report = JSON.parse(readFileSync(join(host.exportFolder, 'echr-001-79071-deid.report.json'), 'utf8'));
  expect(report.linkage.why.join('; ')).toMatch(doubtReason);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await page.getByRole('tab', { name: 'Findings' }).click();
  await doubt.click();
  await expect(page.getByTestId('settings')).toBeVisible();
  // The chip is absent while the new source's suggestions load too, so wait for them before asserting it stays away.
  const weighed = page.waitForResponse(
    (r) => r.url().endsWith('/api/invoke/detection:suggest-source') && (r.request().postData() ?? '').includes('"sourceId":"echr-001-79071"'),
  );
  await field.fill('echr-001-79071');
  await field.press('Enter');
  expect((await weighed).ok()).toBe(true);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('verdict')).not.toHaveText('Checking…');
  await expect(doubt).toHaveCount(0);
});

test('a document whose collection was forgotten says "Not checked" and where to open it, with nothing spinning', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('button', { name: 'Collections', exact: true }).first().click();
  await page.getByRole('button', { name: 'Forget' }).click();
  await expect(page.getByText('No collection yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Review', exact: true }).click();

  const missing = page.getByTestId('collection-missing');
  await expect(missing).toContainText('no longer open in this workspace');
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-verdict', 'unchecked');
  await expect(page.getByTestId('verdict')).toHaveText('Not checked');
  await expect(page.getByTestId('plan-summary')).toHaveText('Not checked, so nothing to plan yet.');
  await expect(page.getByTestId('checking-combinations')).toHaveCount(0);
  // One message, not the raw error beside it, and nothing computed against the forgotten collection.
  await expect(page.getByText('That collection is not open in this workspace')).toHaveCount(0);
  await expect(page.getByTestId('fuzzy-rank')).toHaveCount(0);
  await expect(page.getByTestId('statusbar')).not.toContainText('phrases checked');

  // The export says it cannot go ahead, rather than waiting for a check that will not come.
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(page.getByTestId('export-unchecked')).toContainText('cannot be exported');
  await expect(page.getByTestId('export-checking')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await missing.getByRole('button', { name: 'Collections' }).click();
  await expect(page.getByRole('heading', { name: 'Open a collection file' })).toBeVisible();
});

test('k and N take effect when typed out (Enter or leaving the field), and an out-of-range value is refused beside the field', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const k = page.getByRole('spinbutton', { name: /^k \(anonymity\)/u });
  // Typed key by key: a field that took each keystroke made "15" into 25.
  await k.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('15', { delay: 50 });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('verdict')).toContainText('k=15', { timeout: 60_000 });

  await page.keyboard.press('Control+a');
  await page.keyboard.type('5000', { delay: 50 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('A whole number from 2 to 1000.')).toBeVisible();
  await expect(page.getByTestId('verdict')).toContainText('k=15');
  await expect(page.locator('.banner')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(k).toHaveValue('15');

  // N commits on leaving the field, and is kept.
  const n = page.getByRole('spinbutton', { name: 'Longest phrase in words' });
  await n.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('3');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('spinbutton', { name: 'Longest phrase in words' })).toHaveValue('3');
  await expect(page.getByRole('spinbutton', { name: /^k \(anonymity\)/u })).toHaveValue('15');
});
