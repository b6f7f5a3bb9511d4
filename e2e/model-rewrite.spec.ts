/**
 * A whole rewrite pass in the app with the real node-llama-cpp on the tiny generated
 * model: choose the model, rewrite, review its suggestions. The tiny model writes
 * noise, so its rewrites fail validation and end as marked placeholder fallbacks.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openApp, remainingCount, test } from './host-fixture.js';

test('rewrite with the local model and review its suggestions', async ({ page, host }, testInfo) => {
  test.setTimeout(180_000);
  const models = join(host.workspace, 'models');
  mkdirSync(models, { recursive: true });
  execFileSync(process.execPath, ['--import', 'tsx', 'models/make-test-model.ts', join(models, 'e2e-tiny-model.gguf')]);
  await openApp(page, host);

  await page.getByRole('button', { name: 'Model', exact: true }).click();
  const row = page.getByTestId('models').getByRole('row', { name: /e2e-tiny-model\.gguf/ });
  await expect(row).toContainText('qwen3');
  await row.getByRole('button', { name: 'Use' }).click();
  await expect(page.getByTestId('model-in-use')).toContainText('e2e-tiny-model.gguf');
  // The meaning check: on where the checkout's models/ holds all-MiniLM-L6-v2 (npm run models:fetch), off otherwise; said either way.
  const miniLm = existsSync('models/real/all-MiniLM-L6-v2-F32.gguf');
  await expect(page.getByTestId('meaning-check')).toContainText(miniLm ? 'Meaning check on: all-MiniLM-L6-v2-F32.gguf refuses' : 'Meaning check off');
  if (miniLm) await expect(page.getByTestId('models').getByRole('row', { name: /all-MiniLM-L6-v2/ })).toContainText('Meaning check');
  // The clerk's switch, from the keyboard: off is kept across a reload, and on again brings back what was shown.
  const meaningSwitch = page.getByTestId('meaning-check').getByRole('checkbox', { name: /mean what the words they replace meant/ });
  await expect(meaningSwitch).toBeChecked();
  await meaningSwitch.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('meaning-check')).toContainText('Meaning check off (turned off here)');
  await page.reload();
  await page.getByRole('button', { name: 'Model', exact: true }).click();
  await expect(meaningSwitch).not.toBeChecked();
  await meaningSwitch.check();
  await expect(page.getByTestId('meaning-check')).toContainText(miniLm ? 'Meaning check on: all-MiniLM-L6-v2-F32.gguf refuses' : 'Meaning check off:');

  // A file copied in while the screen is open shows after a rescan.
  copyFileSync(join(models, 'e2e-tiny-model.gguf'), join(models, 'copied-later.gguf'));
  await page.getByRole('button', { name: 'Rescan folders' }).click();
  await expect(page.getByTestId('models').getByRole('row', { name: /copied-later\.gguf/ })).toBeVisible();
  // The publisher's SHA-256 against the file's: a wrong one is flagged, the right one matches.
  const expected = page.getByTestId('expected-sha256');
  const verdict = page.getByTestId('sha256-verdict');
  await expected.getByLabel(/Expected SHA-256/).fill('0'.repeat(64));
  await verdict.getByRole('button', { name: /Compute/ }).click();
  await expect(verdict).toContainText('Does not match', { timeout: 30_000 });
  const sha256 = createHash('sha256')
    .update(readFileSync(join(models, 'e2e-tiny-model.gguf')))
    .digest('hex');
  await expected.getByLabel(/Expected SHA-256/).fill(sha256.toUpperCase());
  await expect(verdict).toContainText('Matches');
  // The tiny model's context is short: no examples, short answers, one pass. Its random weights
  // answer differently for each seed and prompt: with seed 1 the first answer fails the checks,
  // so the fallback's card is shown (seed 7 stopped doing so when rewriter 5 named planned words).
  const settings = page.getByTestId('rewrite-settings');
  await settings.getByLabel('Seed').fill('1');
  await settings.getByLabel('Most passes').fill('1');
  await settings.getByLabel('Examples in the prompt').fill('0');
  await settings.getByLabel('Longest answer (tokens)').fill('24');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByText('Saved')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('model.png') });

  // A short document keeps the CPU run brief.
  await page.getByRole('button', { name: 'Review', exact: true }).click();
  await page.getByRole('button', { name: 'Open…' }).click();
  await page
    .getByLabel('Pasted text')
    .fill(
      'The applicant was held in an F-type prison in Kandira. He complained about the length of the proceedings before the Supreme Military Administrative Court.',
    );
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pasted document');
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  const before = await remainingCount(page);
  expect(before).toBeGreaterThan(0);

  // M on a row of the findings sends it to the model; the list goes with its tab, and the
  // focus goes to the Suggestions tab, from where Tab reaches the job's Cancel.
  await page.getByTestId('view-phrases').click();
  await page.getByTestId('findings').locator('button[data-item]').first().focus();
  await page.keyboard.press('m');
  const suggestionsTab = page.getByRole('tab', { name: 'Suggestions' });
  await expect(suggestionsTab).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  await expect(suggestionsTab).toBeFocused();
  const cancel = page.getByTestId('job-progress').getByRole('button', { name: 'Cancel' });
  if (await cancel.isVisible()) await cancel.click();
  await expect(page.getByTestId('job-progress')).toHaveCount(0, { timeout: 60_000 });

  await page.getByRole('tab', { name: 'Suggestions' }).click();
  await page.getByRole('button', { name: 'Rewrite with the model' }).click();
  await expect(page.getByTestId('job-progress')).toBeVisible();
  const cards = page.getByTestId('suggestion');
  await expect(cards.first()).toBeVisible({ timeout: 150_000 });
  await expect(cards.first()).toContainText('Model');
  await expect(cards.first()).toContainText('Model failed: placeholder used');
  await page.screenshot({ path: testInfo.outputPath('model-suggestions.png') });
  await page.getByRole('button', { name: /Accept all/ }).click();
  await expect.poll(() => remainingCount(page), { timeout: 60_000 }).toBeLessThan(before);
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByTestId('versions').locator('li').first()).toContainText('Model');
  expect(host.requests.filter((url) => !url.startsWith(`${host.origin}/`))).toEqual([]);
});
