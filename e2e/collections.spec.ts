/** Creating a collection from uploaded files shows progress and can be cancelled; adding, removing and compacting. */
import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { expect, openApp, test } from './host-fixture.js';

test('create a collection with progress, cancel one, then add, remove documents and compact', async ({ page, host }, testInfo) => {
  await openApp(page, host);
  await page.getByRole('button', { name: 'Collections', exact: true }).click();

  // A larger upload (the demo collection four times over, new ids) so there is time to cancel.
  const lines = gunzipSync(readFileSync('demo/collection.jsonl.gz')).toString('utf8').trim().split('\n');
  const big = [0, 1, 2, 3].flatMap((copy) =>
    lines.map((l) => {
      const r = JSON.parse(l);
      return JSON.stringify({ ...r, id: `${r.id}-copy${copy}` });
    }),
  );
  await page.getByLabel('Collection name').fill('Cancelled');
  await page
    .getByLabel('Files to import')
    .first()
    .setInputFiles({ name: 'big.jsonl.gz', mimeType: 'application/gzip', buffer: gzipSync(big.join('\n')) });
  const progress = page.getByTestId('new-collection').getByRole('progressbar');
  await expect(progress).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('import-progress.png') });
  await page.getByTestId('new-collection').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Cancelled; no collection was made.')).toBeVisible({ timeout: 30_000 });

  // A small one that completes.
  await page.getByLabel('Collection name').fill('Small set');
  await page
    .getByLabel('Files to import')
    .first()
    .setInputFiles({ name: 'small.jsonl', mimeType: 'application/json', buffer: Buffer.from(lines.slice(0, 40).join('\n')) });
  await expect(page.getByTestId('import-report')).toContainText('Added 40 documents', { timeout: 60_000 });
  await page.getByRole('button', { name: /Show Small set/ }).click();
  await expect(page.getByRole('heading', { name: 'Small set' })).toBeVisible();
  await expect(page.getByTestId('collection-documents').locator('tbody tr')).toHaveCount(40);
  await page.getByTestId('import-report').getByText('From 1 file').click();
  await expect(page.getByTestId('import-report')).toContainText('small.jsonl: 40 documents');

  // The release policy: stricter k, saved with the collection, kept after a reload.
  const policy = page.getByTestId('policy');
  await expect(policy.getByLabel(/^k/)).toHaveValue('2');
  await policy.getByLabel(/^k/).fill('3');
  await policy.getByLabel('Arity').selectOption('1');
  await policy.getByRole('button', { name: 'Save policy' }).click();
  await expect(policy.getByText('Saved')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Collections', exact: true }).click();
  await page
    .getByRole('complementary', { name: 'Collections' })
    .getByRole('button', { name: /^Small set/ })
    .click();
  await expect(page.getByTestId('policy').getByLabel(/^k/)).toHaveValue('3');
  await expect(page.getByTestId('policy').getByLabel('Arity')).toHaveValue('1');

  // Add a text file, then remove it again.
  await page.getByRole('region', { name: /Documents of the collection/ }).waitFor();
  await page
    .locator('section')
    .getByLabel('Files to import')
    .setInputFiles({ name: 'extra-judgment.txt', mimeType: 'text/plain', buffer: Buffer.from('An extra judgment text.') });
  await expect(page.locator('section').getByTestId('import-report')).toContainText('Added 1 documents', { timeout: 60_000 });
  await page.getByLabel('Search document ids').fill('extra');
  await expect(page.getByTestId('collection-documents').locator('tbody tr')).toHaveCount(1);
  page.once('dialog', (d) => void d.accept());
  await page.getByLabel('Select extra-judgment').check();
  await page.getByRole('button', { name: /Remove selected/ }).click();
  await expect(page.getByTestId('collection-documents').locator('tbody tr')).toHaveCount(0);
  await page.getByLabel('Search document ids').fill('');
  await expect(page.getByRole('complementary', { name: 'Collections' }).getByRole('button', { name: /^Small set/ })).toContainText('40 documents');

  // The removed text file is still in the index's second shard until the collection is compacted.
  await expect(page.getByText(/· 2 shards ·/)).toBeVisible();
  const compact = page.getByTestId('compact');
  await compact.getByRole('button', { name: 'Compact now' }).click();
  await expect(compact.getByRole('status')).toHaveText('Compacted: 2 shards → 1 shard.', { timeout: 60_000 });
  await expect(page.getByText(/· 1 shard ·/)).toBeVisible();
  await expect(page.getByTestId('collection-documents').locator('tbody tr')).toHaveCount(40);
});
