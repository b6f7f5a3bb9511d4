/**
 * The clerk's whole flow on the demo data, in the real UI: open the collection, open a
 * de-identified judgment, replace a finding with a placeholder, accept and reject
 * suggestions, undo, reload, export, and check the files on disk.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentText, expect, openApp, remainingCount, test } from './host-fixture.js';

test('the full review flow, from collection to exported files', async ({ page, host }, testInfo) => {
  await openApp(page, host);

  // 1. The collection: open its file by path and see its figures and Figure 2.
  await page.getByRole('button', { name: 'Collections', exact: true }).click();
  await page.getByLabel('Collection file path').fill(join(host.workspace, 'collections', 'demo-court-collection.unl'));
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Demo court collection' })).toBeVisible();
  await expect(page.getByTestId('posting-chart')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('collection-documents').locator('tbody tr')).toHaveCount(50);
  await page.screenshot({ path: testInfo.outputPath('collections.png'), fullPage: true });

  // 2. Open one de-identified judgment (a record of a JSONL file) and see the highlights.
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Open…' }).click();
  await page.getByLabel('Document file').setInputFiles('demo/deidentified.jsonl');
  await page.getByLabel('Record').selectOption('echr-001-61744-deid');
  await page.getByRole('button', { name: 'Open record' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('echr-001-61744-deid');
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const initial = await remainingCount(page);
  expect(initial).toBeGreaterThan(0);
  await expect(page.locator('mark.single').first()).toBeVisible();
  await expect(page.locator('mark.combo').first()).toBeVisible();
  // Beyond phrase search: BM25 still finds the source (named by the record) first.
  await expect(page.getByTestId('fuzzy-rank')).toHaveText('Fuzzy search: the source is still the top match among 1,056 documents');
  await page.screenshot({ path: testInfo.outputPath('review.png') });

  // 3. In the phrases view, replace the first finding with a placeholder: the count drops.
  await page.getByTestId('view-phrases').click();
  await page.getByTestId('findings').locator('button[data-item]').first().click();
  await page.getByRole('button', { name: 'Placeholder', exact: true }).click();
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBeLessThan(initial);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const afterPlaceholder = await remainingCount(page);

  // 4. Suggestions: generate placeholders, reject one, accept one.
  await page.getByRole('tab', { name: 'Suggestions' }).click();
  await page.getByRole('button', { name: 'Suggest placeholders' }).click();
  const cards = page.getByTestId('suggestion');
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  const pendingBefore = await cards.count();
  await cards.first().getByRole('button', { name: 'Reject' }).click();
  await expect(cards).toHaveCount(pendingBefore - 1);
  const acceptedWords = await cards.first().locator('del').textContent();
  await cards.first().getByRole('button', { name: 'Accept', exact: true }).click();
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBeLessThan(afterPlaceholder);
  await expect(cards).toHaveCount(pendingBefore - 2);
  await page.screenshot({ path: testInfo.outputPath('suggestions.png') });

  // 5. Undo the accepted suggestion: the text loses that placeholder again, and the
  // suggestion waits again, first in the list, previewed in the text.
  const beforeUndo = await documentText(page);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => documentText(page)).not.toBe(beforeUndo);
  const afterUndo = await documentText(page);
  expect(afterUndo.split('[REDACTED]').length).toBeLessThan((beforeUndo ?? '').split('[REDACTED]').length);
  await expect(cards).toHaveCount(pendingBefore - 1);
  await expect(cards.first().locator('del')).toHaveText(acceptedWords!);
  await expect(page.getByTestId('preview')).toHaveCount(pendingBefore - 1);

  // 6. Reload: the same document, the same text, the versions kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('echr-001-61744-deid');
  await expect.poll(() => documentText(page)).toBe(afterUndo);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByTestId('versions').locator('li')).toHaveCount(3);
  // Local dates, and a preview of the opened version against the current text.
  await expect(page.getByTestId('versions').locator('time').first()).not.toContainText('T');
  await page.getByTestId('versions').locator('li').last().getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('version-preview');
  await expect(preview.locator('del').first()).toContainText('[REDACTED]');
  await page.screenshot({ path: testInfo.outputPath('version-preview.png') });
  await preview.page().getByRole('button', { name: 'Hide preview' }).click();

  // 7. Export: blocked without a justification while phrases remain; then the files.
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const remaining = await remainingCount(page);
  await page.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await dialog.getByLabel('Reviewer').fill('A. Clerk');
  await dialog.getByLabel('Word (.docx)').check();
  await dialog.getByLabel('Justification').fill('ok');
  await expect(dialog.getByRole('button', { name: 'Export', exact: true })).toBeDisabled();
  await dialog.getByLabel('Justification').fill('Approved by the registrar: remaining phrases are standard ECHR wording.');
  await page.screenshot({ path: testInfo.outputPath('export.png') });
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByTestId('export-done')).toBeVisible();

  const files = readdirSync(host.exportFolder).sort();
  expect(files).toEqual(['echr-001-61744-deid.docx', 'echr-001-61744-deid.report.json', 'echr-001-61744-deid.review-log.html', 'echr-001-61744-deid.txt']);
  expect(readFileSync(join(host.exportFolder, 'echr-001-61744-deid.txt'), 'utf8')).toBe(afterUndo);
  const report = JSON.parse(readFileSync(join(host.exportFolder, 'echr-001-61744-deid.report.json'), 'utf8'));
  expect(report.collection).toMatchObject({ name: 'Demo court collection', documentCount: 1056 });
  expect(report.collection.contentSha256).toMatch(/^[0-9a-f]{64}$/);
  expect(report.settings).toMatchObject({ k: 2, arity: 3, maxN: 8 });
  expect(report.linkage.remainingLinkable).toBe(remaining);
  expect(report.justification).toMatch(/registrar/);
  expect(report.reviewer).toBe('A. Clerk');
  expect(report.document.opened.sha256).toMatch(/^[0-9a-f]{64}$/);
  // One record per accepted change: the placeholder of step 3 (the accepted suggestion was undone).
  expect(report.changes).toHaveLength(1);
  expect(report.changes[0]).toMatchObject({ decision: 'placeholder', kind: expect.stringMatching(/^(single|combination)$/), inserted: '[REDACTED]' });
  const log = readFileSync(join(host.exportFolder, 'echr-001-61744-deid.review-log.html'), 'utf8');
  expect(log).toContain('Reviewed by <strong>A. Clerk</strong>');
  const logPage = await page.context().newPage();
  await logPage.setContent(log);
  await logPage.screenshot({ path: testInfo.outputPath('review-log.png'), fullPage: true });
  await logPage.close();
  expect(report.edits.map((e: { source: string }) => e.source)).toEqual(['placeholder']);
  expect(JSON.stringify(report)).not.toContain('\\u0000');

  // Exporting again never overwrites silently: it asks, and "Keep both" adds new names. The reviewer and the files are remembered.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Export…' }).click();
  await expect(dialog).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(dialog.getByLabel('Reviewer')).toHaveValue('A. Clerk');
  await expect(dialog.getByLabel('Word (.docx)')).toBeChecked();
  await dialog.getByLabel('Justification').fill('A second export for the public register.');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('already exist');
  await dialog.getByRole('button', { name: 'Keep both' }).click();
  await expect(dialog.getByTestId('export-done')).toBeVisible();
  expect(existsSync(join(host.exportFolder, 'echr-001-61744-deid (2).txt'))).toBe(true);

  // Nothing left 127.0.0.1.
  expect(host.requests.length).toBeGreaterThan(10);
  expect(host.requests.filter((url) => !url.startsWith(`${host.origin}/`))).toEqual([]);
});
