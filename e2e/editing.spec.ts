/** Direct editing: highlights follow the text, and every change is saved at once. */
import { expect, openApp, remainingCount, test } from './host-fixture.js';

test('typing re-checks the text and autosaves it, surviving a reload', async ({ page, host }) => {
  await openApp(page, host);
  const before = await remainingCount(page);
  await page.getByRole('button', { name: 'Edit text' }).click();
  const editor = page.getByTestId('text-editor');
  await expect(editor).toBeFocused();

  // Replace the whole text with one common phrase and one rare one.
  await editor.fill('The Court held that there has been a violation of Article 3 of the Convention. Zanzibar xylophone quartet.');
  await expect.poll(() => remainingCount(page), { timeout: 30_000 }).not.toBe(before);
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByText('All changes saved')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('document-text')).toHaveText(
    'The Court held that there has been a violation of Article 3 of the Convention. Zanzibar xylophone quartet.',
  );
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByTestId('versions').locator('li').first()).toContainText('Edited the text');
  expect(host.requests.filter((url) => !url.startsWith(`${host.origin}/`))).toEqual([]);
});
