/**
 * A file dragged from the desktop onto the review screen opens for review, as if chosen in
 * the Open dialog; a file dropped anywhere else must not replace the app in its window.
 */
import type { Page } from '@playwright/test';
import { expect, openApp, test } from './host-fixture.js';

/** Drags files built in the page over `selector` and drops them; returns whether the drop was taken. */
async function dropFiles(page: Page, selector: string, files: { name: string; text: string }[]): Promise<boolean> {
  return page.evaluate(
    ({ selector, files }) => {
      const target = document.querySelector(selector)!;
      const dataTransfer = new DataTransfer();
      for (const file of files) dataTransfer.items.add(new File([file.text], file.name, { type: 'text/plain' }));
      const fire = (type: string) => target.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
      fire('dragenter');
      fire('dragover');
      return !fire('drop');
    },
    { selector, files },
  );
}

test('a file dropped on the review screen opens for review, and a stray drop elsewhere is refused', async ({ page, host }) => {
  await openApp(page, host);
  const text =
    'The applicant was held in an F-type prison in Kandira. He complained about the length of the proceedings before the Supreme Military Administrative Court.';
  const taken = await dropFiles(page, '[data-testid="document-text"]', [
    { name: 'kandira-judgment.txt', text },
    { name: 'second.txt', text: 'Another judgment.' },
  ]);
  expect(taken).toBe(true);
  const dialog = page.getByTestId('open-dialog');
  await expect(dialog.getByTestId('dropped-file')).toContainText('the other file was not opened');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('kandira-judgment');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('workspace')).toHaveAttribute('data-state', 'ready', { timeout: 60_000 });
  await expect(page.getByTestId('document-text')).toHaveText(text);

  // On the Collections screen nothing takes a dropped file, so the app refuses it rather than let the browser open it.
  await page.getByRole('button', { name: 'Collections', exact: true }).click();
  expect(await dropFiles(page, '[data-testid="collections-screen"], main, body', [{ name: 'x.txt', text: 'x' }])).toBe(true);
  await expect(page.getByRole('button', { name: 'Collections', exact: true })).toHaveAttribute('aria-current', 'page');
});
