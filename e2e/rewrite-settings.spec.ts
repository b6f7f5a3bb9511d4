/**
 * The Model screen's rewriting settings, typed key by key as a clerk types them. A number
 * field bound to a number made an emptied Temperature 0 at once ("0.8" then read "00.8")
 * and saved 0 without a word.
 */
import { expect, openApp, test } from './host-fixture.js';

test('rewriting settings keep what is typed, refuse a wrong value beside its field, and save nothing until every field is right', async ({ page, host }) => {
  await openApp(page, host);
  await page.getByRole('button', { name: 'Model', exact: true }).click();
  const panel = page.getByTestId('rewrite-settings');
  const temperature = panel.getByLabel('Temperature');
  await expect(temperature).toHaveValue('1.2');

  await temperature.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await expect(temperature).toHaveValue('');
  await page.keyboard.type('0.8', { delay: 50 });
  await expect(temperature).toHaveValue('0.8');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved; used from the next rewrite.');

  // Emptied, the temperature says what it needs once the clerk leaves it; Save saves nothing.
  await temperature.click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('alert')).toHaveText('A number from 0 to 2, such as 1.2.');
  await expect(temperature).toHaveAttribute('aria-invalid', 'true');
  const passes = panel.getByLabel('Most passes');
  await passes.fill('11');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('alert')).toHaveText(['A number from 0 to 2, such as 1.2.', 'A whole number from 1 to 10.']);
  await expect(panel.getByRole('status')).toHaveCount(0);
  await page.reload();
  await page.getByRole('button', { name: 'Model', exact: true }).click();
  await expect(temperature).toHaveValue('0.8');
  await expect(passes).toHaveValue('4');

  // The paper's defaults come back with one button, and are saved like any other value.
  await panel.getByRole('button', { name: "The paper's defaults" }).click();
  await expect(temperature).toHaveValue('1.2');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status')).toHaveText('Saved; used from the next rewrite.');
  await expect(panel.getByRole('button', { name: "The paper's defaults" })).toBeDisabled();
});
