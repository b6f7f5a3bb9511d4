/** Unusable files get a clear message and change nothing. */
import { expect, openApp, test } from './host-fixture.js';

test('empty, binary and 20 MB files are refused with a clear message', async ({ page, host }, testInfo) => {
  await openApp(page, host);
  const documentsBefore = await page.locator('.doclist li').count();
  await page.getByRole('button', { name: 'Open…' }).click();
  const dialog = page.getByTestId('open-dialog');
  const file = dialog.getByLabel('Document file');

  await file.setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await expect(dialog.getByRole('alert')).toContainText('empty');

  await file.setInputFiles({ name: 'scan.txt', mimeType: 'text/plain', buffer: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0x01, 0x02, 0xff]) });
  const binary = dialog.getByRole('alert');
  await expect(binary).toContainText('scan.txt holds binary data');
  await expect(binary).toContainText('save it as plain text');
  // The message names the file as chosen, never where the host keeps uploads.
  await expect(binary).not.toContainText(host.workspace);
  await expect(binary).not.toContainText('uploads');
  // The banner stays inside the dialog.
  const [banner, box] = await Promise.all([binary.boundingBox(), dialog.boundingBox()]);
  expect(banner!.x + banner!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
  await page.screenshot({ path: testInfo.outputPath('binary-upload.png') });

  await file.setInputFiles({ name: 'latin1.txt', mimeType: 'text/plain', buffer: Buffer.from([0x63, 0x61, 0x66, 0xe9]) });
  await expect(dialog.getByRole('alert')).toContainText('UTF-8');

  const huge = Buffer.alloc(20 * 1024 * 1024, 'the court held that the applicant was right. ');
  await file.setInputFiles({ name: 'huge.txt', mimeType: 'text/plain', buffer: huge });
  await expect(dialog.getByRole('alert')).toContainText('Split it', { timeout: 60_000 });
  await page.screenshot({ path: testInfo.outputPath('bad-input.png') });

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('.doclist li')).toHaveCount(documentsBefore);
});

test('a bad collection import reports each problem and keeps the good documents', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('button', { name: 'Collections', exact: true }).click();
  await page.getByLabel('Collection name').fill('Mixed inputs');
  const good = JSON.stringify({ id: 'one', text: 'A judgment about a prison.' }) + '\n{broken\n' + JSON.stringify({ id: 'two', text: '' }) + '\n';
  await page
    .getByLabel('Files to import')
    .first()
    .setInputFiles([
      { name: 'mixed.jsonl', mimeType: 'application/json', buffer: Buffer.from(good) },
      { name: 'picture.txt', mimeType: 'text/plain', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00]) },
    ]);
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('Added 1 documents', { timeout: 60_000 });
  await report.getByText('3 input(s) skipped').click();
  await expect(report).toContainText('not valid JSON');
  await expect(report).toContainText('picture.txt holds binary data');
  await expect(report).not.toContainText(host.workspace);
});
