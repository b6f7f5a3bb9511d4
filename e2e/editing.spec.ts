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
  // The saved text is not planned while it is being edited, and nothing says it is.
  await expect(page.getByTestId('plan-waiting')).toBeVisible();
  await expect(page.getByTestId('findings-panel').locator('.spinner')).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId('document-text')).toHaveText(
    'The Court held that there has been a violation of Article 3 of the Convention. Zanzibar xylophone quartet.',
  );
  await page.getByRole('tab', { name: 'Versions' }).click();
  await expect(page.getByTestId('versions').locator('li').first()).toContainText('Edited the text');
  expect(host.requests.filter((url) => !url.startsWith(`${host.origin}/`))).toEqual([]);
});

test('switching to another document right after typing keeps the last keystrokes', async ({ page, host }) => {
  await openApp(page, host);
  const list = page.getByRole('complementary', { name: 'Documents under review' });
  const first = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.keyboard.press('e');
  const editor = page.getByTestId('text-editor');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Typed last.');
  // At once, well within the autosave's delay.
  await list.locator('li > button:not(.remove)').nth(1).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(first);
  await list.getByRole('button', { name: new RegExp(`^${first}`, 'u') }).click();
  await expect(page.getByTestId('document-text')).toContainText('Typed last.');
  await page.reload();
  await expect(page.getByTestId('document-text')).toContainText('Typed last.');
});

test('leaving the page with unsaved typing asks first, and staying lets it save', async ({ page, host }) => {
  await openApp(page, host);
  await page.keyboard.press('e');
  const editor = page.getByTestId('text-editor');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Not yet saved.');
  const asked = new Promise<string>((resolve) => page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))));
  // Playwright runs the page's beforeunload only when asked to.
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('document-text')).toContainText('Not yet saved.');
});

test('typing over a kept phrase ends it, and Undo keeps it again with its reason; Redo ends it again', async ({ page, host }) => {
  await openApp(page, host);
  const panel = page.getByTestId('findings-panel');
  await expect(panel).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  // Keep the first planned word, with a reason.
  await page.getByTestId('planned-run').first().locator('button[data-item]').click();
  const phrase = ((await page.getByTestId('planned-run').first().locator('.phrase').textContent()) ?? '').replace(/^“|”$/gu, '');
  expect(phrase.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Keep…' }).click();
  const reason = 'The wording of the Convention itself, public in every judgment.';
  await page.getByLabel('Reason to keep').fill(reason);
  await page.getByTestId('keep-form').getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('kept')).toContainText(reason);

  // Type over it (every occurrence of its words, so the kept one among them).
  await page.getByRole('button', { name: 'Edit text' }).click();
  const editor = page.getByTestId('text-editor');
  const text = await editor.inputValue();
  expect(text).toContain(phrase);
  await editor.fill(text.split(phrase).join('[TYPED OVER]'));
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('kept')).toHaveCount(0);

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('kept')).toContainText(reason);
  await expect(page.getByTestId('kept')).toContainText(phrase);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(page.getByTestId('kept')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByTestId('kept')).toContainText(reason);
});

test('typing the disk cannot take stays in the editor, says why, and is saved once the disk takes it again', async ({ page, host }) => {
  await openApp(page, host);
  // The host answers saves as it does when the workspace's disk is full (services/disk-full.test.ts makes that answer for real).
  const full = {
    ok: false,
    error: {
      code: 'disk-full',
      message: 'The disk is full. The last change was not saved; what was saved before is unchanged. Free some space on it, then try again.',
    },
  };
  await page.route('**/api/invoke/documents:edit', (route) => route.fulfill({ json: full }));
  await page.keyboard.press('e');
  const editor = page.getByTestId('text-editor');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' Typed while the disk was full.');
  await expect(page.getByRole('alert')).toContainText('The disk is full');
  await expect(page.getByTestId('save-state')).toHaveText('Not saved yet: trying again every few seconds');
  // Done editing does not close the editor over unsaved typing.
  await page.getByRole('button', { name: 'Done editing' }).click();
  await expect(editor).toBeVisible();
  await expect(editor).toHaveValue(/Typed while the disk was full\.$/u);

  // Another document chosen meanwhile: the typing waits, and opens in the editor when this one is back.
  const list = page.getByRole('complementary', { name: 'Documents under review' });
  const first = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await list.locator('li > button:not(.remove)').nth(1).click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(first);
  await list.getByRole('button', { name: new RegExp(`^${first}`, 'u') }).click();
  await expect(page.getByTestId('text-editor')).toHaveValue(/Typed while the disk was full\.$/u);

  // Space again: the next try saves it, with nothing typed meanwhile.
  await page.unroute('**/api/invoke/documents:edit');
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved', { timeout: 20_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Done editing' }).click();
  await expect(page.getByTestId('document-text')).toContainText('Typed while the disk was full.');
  await page.reload();
  await expect(page.getByTestId('document-text')).toContainText('Typed while the disk was full.');
});

test('a withdrawn kept phrase can be kept again with its reason, until the text changes', async ({ page, host }) => {
  await openApp(page, host);
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  await page.getByTestId('planned-run').first().locator('button[data-item]').click();
  await page.getByRole('button', { name: 'Keep…' }).click();
  const reason = 'The wording of the Convention itself, public in every judgment.';
  await page.getByLabel('Reason to keep').fill(reason);
  await page.getByTestId('keep-form').getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('kept')).toContainText(reason);

  await page.getByTestId('kept').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('kept')).toHaveCount(0);
  await expect(page.getByTestId('withdrawn')).toContainText('Withdrawn:');
  await page.getByTestId('withdrawn').getByRole('button', { name: 'Keep again' }).click();
  await expect(page.getByTestId('kept')).toContainText(reason);
  await expect(page.getByTestId('withdrawn')).toHaveCount(0);

  // Withdrawn again, then the text changes: no longer offered (its place may hold other words).
  await page.getByTestId('kept').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('withdrawn')).toBeVisible();
  await page.keyboard.press('e');
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' More.');
  await expect(page.getByTestId('save-state')).toHaveText('All changes saved', { timeout: 20_000 });
  await expect(page.getByTestId('withdrawn')).toHaveCount(0);
});

test('Undo takes back keeping a planned word and withdrawing it, and Redo makes them again', async ({ page, host }) => {
  await openApp(page, host);
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toBeDisabled();
  const row = page.getByTestId('planned-run').first().locator('button[data-item]');
  const word = (await page.getByTestId('planned-run').first().locator('.phrase').first().textContent())!.trim().replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  await row.click();
  await page.getByRole('button', { name: 'Keep…' }).click();
  const reason = 'A word of the Convention, in every judgment.';
  await page.getByLabel('Reason to keep').fill(reason);
  await page.getByTestId('keep-form').getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByTestId('kept')).toContainText(reason);
  await expect(undo).toHaveAttribute('title', new RegExp(`^Undo keeping “${word}`, 'u'));

  // Ctrl+Z withdraws it, Ctrl+Shift+Z keeps it again, reason and all.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('kept')).toHaveCount(0);
  await expect(redo).toHaveAttribute('title', new RegExp(`^Redo keeping “${word}`, 'u'));
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('kept')).toContainText(reason);

  // Withdrawn from the list, then Undo: kept again, and the offer to keep it again goes.
  await page.getByTestId('kept').getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByTestId('withdrawn')).toBeVisible();
  await expect(undo).toHaveAttribute('title', new RegExp(`^Undo withdrawing “${word}`, 'u'));
  await undo.click();
  await expect(page.getByTestId('kept')).toContainText(reason);
  await expect(page.getByTestId('withdrawn')).toHaveCount(0);
  // Back past the keeping itself: nothing is kept, and nothing is left to undo.
  await undo.click();
  await expect(page.getByTestId('kept')).toHaveCount(0);
  await expect(undo).toBeDisabled();
  // Ctrl+Z then does nothing, and says nothing (it showed "There is nothing to undo." as an error).
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('kept')).toContainText(reason);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
