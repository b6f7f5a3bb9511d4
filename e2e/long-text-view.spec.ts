/**
 * A long text is drawn in blocks that the browser lays out only near the screen
 * (renderer/review/text-chunks.ts). The clerk must not see the difference: the lines fall
 * where one block puts them, a finding far down is reached from the keyboard and shown,
 * the focus outline moves from block to block, and the overview strip places the marks
 * of blocks not laid out yet about where they are. The findings list, the suggestions and
 * the editor's backdrop are in blocks too; a list this long draws only its blocks near the
 * screen.
 */
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { documentText, expect, openApp, test } from './host-fixture.js';
import { editorTextOnScreen, joined, marked, painted, within } from './painted-highlights.js';

/**
 * The six demo judgments twice over, as one text of about 10,000 words, a blank line
 * between judgments and one line break between paragraphs: a phrase may then run on over
 * a line break (only two end a passage), and so over the end of a block.
 */
function twiceTheDemo(): string {
  const six = readFileSync('demo/deidentified.jsonl', 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { text: string }).text.replace(/\n\n+/gu, '\n'))
    .join('\n\n');
  return `${six}\n\n${six}`;
}

/** Opens `text` as pasted text under `title`, and waits until its check and plan are done. */
async function openPastedAndWait(page: Page, title: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'Open…' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Pasted text').fill(text);
  await page.getByRole('button', { name: 'Open pasted text' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('findings-panel')).toHaveAttribute('data-state', 'ready', { timeout: 90_000 });
}

/** The marks' distances from the text's top, once as blocks and once with every block inline (one block). */
async function markTopsBothWays(page: Page): Promise<{ blocks: number[]; inline: number[] }> {
  return page.evaluate(() => {
    const text = document.querySelector<HTMLElement>('[data-testid="document-text"]')!;
    const blocks = [...text.querySelectorAll<HTMLElement>('.text-chunk')];
    const tops = () => [...text.querySelectorAll('mark')].map((mark) => Math.round(mark.getBoundingClientRect().top - text.getBoundingClientRect().top));
    const asBlocks = tops();
    blocks.forEach((block) => (block.style.display = 'inline'));
    const inline = tops();
    blocks.forEach((block) => (block.style.display = ''));
    return { blocks: asBlocks, inline };
  });
}

test('a long text is drawn in blocks laid out near the screen, and reads, scrolls and navigates as one', async ({ page, host }, testInfo) => {
  await openApp(page, host);
  const text = twiceTheDemo();
  await openPastedAndWait(page, 'Twice the demo', text);
  const documentText = page.getByTestId('document-text');
  await expect(documentText.locator('mark.planned').first()).toBeAttached();

  // In blocks, every character once and in order; the last block is not laid out while far away.
  const blocks = documentText.locator('.text-chunk');
  expect(await blocks.count()).toBeGreaterThan(10);
  expect(await documentText.evaluate((e) => e.textContent)).toBe(text);
  expect(await blocks.last().evaluate((block) => block.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }))).toBe(false);

  // The strip places a planned word of a block not laid out about where it is (within 3 of
  // the strip's pixels): it was placed by its share of the block's characters.
  const placed = await page.evaluate(() => {
    const frame = document.querySelector<HTMLElement>('.text-frame')!;
    const ruler = document.querySelector<HTMLElement>('[data-testid="overview-ruler"]')!;
    const bars = [...ruler.querySelectorAll<HTMLElement>('[data-kind="planned"]')];
    const drawn = bars[bars.length - 1]!.offsetTop + bars[bars.length - 1]!.offsetHeight;
    const words = [...frame.querySelectorAll<HTMLElement>('mark.planned')];
    const word = words[words.length - 1]!;
    const skipped = !word.checkVisibility({ contentVisibilityAuto: true });
    // The strip's height stands for the text's, estimates included, as measured when drawn.
    const scale = ruler.clientHeight / frame.scrollHeight;
    const box = word.getBoundingClientRect();
    const bottom = box.bottom - frame.getBoundingClientRect().top - frame.clientTop + frame.scrollTop;
    return { skipped, drawn, expected: bottom * scale };
  });
  expect(placed.skipped).toBe(true);
  expect(Math.abs(placed.drawn - placed.expected)).toBeLessThanOrEqual(3);

  // Laid out every block (as one is when near the screen), the lines are where one block puts them.
  await documentText.evaluate((e) => e.querySelectorAll<HTMLElement>('.text-chunk').forEach((block) => (block.style.contentVisibility = 'visible')));
  const tops = await markTopsBothWays(page);
  expect(tops.blocks.length).toBeGreaterThan(1000);
  expect(tops.blocks).toEqual(tops.inline);
  await documentText.evaluate((e) => e.querySelectorAll<HTMLElement>('.text-chunk').forEach((block) => (block.style.contentVisibility = '')));

  // K from the first finding wraps to the last, at the far end of the text: it is focused,
  // shown on screen, and the only one outlined; J wraps back and the outline follows.
  await page.getByTestId('view-phrases').click();
  await page.keyboard.press('j');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toMatch(/^finding-/);
  const firstId = await page.evaluate(() => document.activeElement!.id);
  await page.keyboard.press('k');
  // The list is long enough to draw only the blocks of rows near the screen: its last row is
  // drawn once the list is scrolled to its end, and says it is the last.
  const tabPanel = page.locator('.tabpanel');
  await tabPanel.evaluate((panel) => (panel.scrollTop = panel.scrollHeight));
  const lastRow = page.getByTestId('findings').locator('li[aria-setsize]').last();
  await expect.poll(async () => (await lastRow.getAttribute('aria-posinset')) === (await lastRow.getAttribute('aria-setsize'))).toBe(true);
  const lastId = `finding-${await lastRow.locator('button[data-item]').getAttribute('data-item')}`;
  await tabPanel.evaluate((panel) => (panel.scrollTop = 0));
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe(lastId);
  const onScreen = async (id: string) =>
    page.evaluate((id) => {
      const frame = document.querySelector<HTMLElement>('.text-frame')!.getBoundingClientRect();
      const mark = document.getElementById(id)!.getBoundingClientRect();
      return mark.top >= frame.top && mark.bottom <= frame.bottom;
    }, id);
  await expect.poll(() => onScreen(lastId), { timeout: 10_000 }).toBe(true);
  const outlined = () =>
    page.evaluate(() =>
      // Marks say where they begin in their block, and blocks where they begin in the text.
      [...document.querySelectorAll<HTMLElement>('mark.focused')].map(
        (mark) => Number(mark.closest<HTMLElement>('.text-chunk')!.dataset.start) + Number(mark.dataset.offset),
      ),
    );
  const lastStart = await page.evaluate((id) => {
    const mark = document.getElementById(id)!;
    return Number(mark.closest<HTMLElement>('.text-chunk')!.dataset.start) + Number(mark.dataset.offset);
  }, lastId);
  expect(await outlined()).toContain(lastStart);
  expect((await outlined()).every((start) => start >= lastStart - 200)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('long-text-last-finding.png') });
  // The strip measured the blocks laid out on the way there: the last finding's bar is where
  // the finding is, to the strip's pixel.
  const lastBarOff = () =>
    page.evaluate(() => {
      const frame = document.querySelector<HTMLElement>('.text-frame')!;
      const ruler = document.querySelector<HTMLElement>('[data-testid="overview-ruler"]')!;
      const bars = [...ruler.querySelectorAll<HTMLElement>('.overview-bar.findings')];
      const bar = bars[bars.length - 1]!;
      const marks = [...frame.querySelectorAll<HTMLElement>('mark.single, mark.combo')];
      const box = marks[marks.length - 1]!.getBoundingClientRect();
      const bottom = box.bottom - frame.getBoundingClientRect().top - frame.clientTop + frame.scrollTop;
      return Math.abs(bar.offsetTop + bar.offsetHeight - (bottom / frame.scrollHeight) * ruler.clientHeight);
    });
  await expect.poll(lastBarOff).toBeLessThanOrEqual(1);

  await page.keyboard.press('j');
  await expect.poll(() => page.evaluate(() => document.activeElement?.id ?? '')).toBe(firstId);
  await expect.poll(() => onScreen(firstId), { timeout: 10_000 }).toBe(true);
  const firstStart = await page.evaluate((id) => {
    const mark = document.getElementById(id)!;
    return Number(mark.closest<HTMLElement>('.text-chunk')!.dataset.start) + Number(mark.dataset.offset);
  }, firstId);
  await expect.poll(outlined).toContain(firstStart);
  expect((await outlined()).every((start) => start <= firstStart + 200)).toBe(true);

  // The list is in blocks of rows too, and draws only those near the screen: every row
  // drawn says its place in the whole list. Down crosses from one block to the next, and the
  // row chosen (its actions shown) is the one focused.
  const rows = page.getByTestId('findings').locator('button[data-item]');
  const listed = page.getByTestId('findings').locator('li[aria-setsize]');
  const total = Number(await listed.first().getAttribute('aria-setsize'));
  expect(total).toBeGreaterThan(2000);
  expect(await rows.count()).toBeLessThan(total / 2);
  expect(await listed.nth(99).getAttribute('aria-posinset')).toBe('100');
  await rows.nth(99).focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(100)).toBeFocused();
  await expect(rows.nth(100)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('findings').locator('[aria-current="true"]')).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(rows.nth(99)).toBeFocused();
  await expect(rows.nth(99)).toHaveAttribute('aria-current', 'true');
  await expect(page.getByTestId('findings').locator('[aria-current="true"]')).toHaveCount(1);
  // Down from the last row drawn reaches the next row of the list, whose block is drawn for it.
  const lastDrawn = Number(await listed.last().getAttribute('aria-posinset'));
  await rows.last().focus();
  await page.keyboard.press('ArrowDown');
  const next = page.getByTestId('findings').locator(`li[aria-posinset="${lastDrawn + 1}"] > button`);
  await expect(next).toBeFocused();
  await expect(next).toHaveAttribute('aria-current', 'true');

  // Editing: the backdrop is in blocks too, and paints only the blocks near the screen.
  // Scrolled from top to bottom, what is on screen is painted as the view marked it at each
  // step, ranges that begin in one block and end in the next included, and never nearly all.
  const shown = joined(await marked(page));
  await page.getByRole('button', { name: 'Edit text' }).click();
  await expect(page.getByTestId('text-editor')).toBeFocused();
  expect(await page.getByTestId('editor-backdrop').locator('.text-chunk').count()).toBeGreaterThan(10);
  const frame = page.locator('.text-frame');
  let crossing = false;
  let steps = 0;
  for (let top = 0; ; top += 1500, steps++) {
    await frame.evaluate((element, y) => (element.scrollTop = y), top);
    const screen = await editorTextOnScreen(page);
    await expect.poll(async () => within(joined(await painted(page)), screen)).toEqual(within(shown, screen));
    expect((await painted(page)).length).toBeLessThan(shown.length / 2);
    crossing ||= await page.evaluate(() =>
      [...(CSS.highlights.values() as Iterable<Highlight>)].some((h) => [...h].some((r) => r.startContainer !== r.endContainer)),
    );
    if (await frame.evaluate((element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 1)) break;
  }
  expect(steps).toBeGreaterThan(3);
  expect(crossing).toBe(true);
});

test('on a text of 100,000 characters or more, Plan and Phrases keep the same marks, and the accepted plan shows word by word in Changes', async ({
  page,
  host,
}) => {
  test.setTimeout(120_000);
  await openApp(page, host);
  // Four times the demo: about 118,000 characters.
  const text = `${twiceTheDemo()}\n\n${twiceTheDemo()}`;
  expect(text.length).toBeGreaterThanOrEqual(100_000);
  await openPastedAndWait(page, 'Four times the demo', text);
  const documentText = page.getByTestId('document-text');
  const planned = documentText.locator('mark.planned');
  await expect(planned.first()).toBeAttached();
  const plannedCount = await planned.count();
  // A planned word inside a finding: its mark stays when the plan is hidden.
  const word = await documentText.locator('mark.planned[data-findings]:not([data-findings=""])').first().elementHandle();
  const wordText = await word!.evaluate((mark) => mark.textContent);
  const marks = async () => documentText.locator('mark').count();
  const before = await marks();
  // The planned words outside every finding (and every combination's group) are marks for the plan only.
  const plannedOnly = await documentText.locator('mark.planned[data-findings=""]:not([data-groups])').count();

  await page.getByTestId('view-phrases').click();
  await expect(planned).toHaveCount(0);
  expect(await word!.evaluate((mark) => mark.isConnected && !mark.classList.contains('planned') && mark.dataset.planned === undefined)).toBe(true);
  expect(await word!.evaluate((mark) => mark.textContent)).toBe(wordText);
  // Only those stop being marks: the others are the same, not cut again.
  expect(await marks()).toBe(before - plannedOnly);
  await word!.hover();
  await expect(page.getByTestId('mark-tooltip')).not.toContainText('Planned');
  // A phrase the plan cuts draws as one mark: square inner ends, and its focus outline
  // clipped where the pieces meet, so it goes round the phrase, not round each piece.
  const joined = documentText.locator('mark.join-r[id^="finding-"]').first();
  await joined.focus();
  const seam = await joined.evaluate((mark) => {
    const next = mark.nextElementSibling as HTMLElement;
    return {
      sameFindings: next.dataset.findings === mark.dataset.findings,
      nextJoins: next.classList.contains('join-l') && next.classList.contains('focused'),
      corner: getComputedStyle(mark).borderTopRightRadius,
      nextCorner: getComputedStyle(next).borderTopLeftRadius,
      clip: getComputedStyle(mark).clipPath,
    };
  });
  expect(seam).toEqual({ sameFindings: true, nextJoins: true, corner: '0px', nextCorner: '0px', clip: 'inset(-4px 0px -4px -4px)' });
  await page.keyboard.press('Escape');

  await page.getByTestId('view-plan').click();
  await expect(planned).toHaveCount(plannedCount);
  expect(await word!.evaluate((mark) => mark.isConnected && mark.classList.contains('planned'))).toBe(true);
  expect(await marks()).toBe(before);
  await word!.hover();
  await expect(page.getByTestId('mark-tooltip')).toContainText('Planned');

  // Accepted, the plan's placeholders show one by one in the Changes tab, not the whole
  // text removed and added (which a diff that gives up on many edits shows).
  const accept = page.getByTestId('accept-all');
  const runs = Number(((await accept.textContent()) ?? '').replace(/\D/gu, ''));
  expect(runs).toBeGreaterThan(2_000);
  await accept.click();
  await expect(page.getByTestId('verdict')).toHaveText(/No linkable phrases/u, { timeout: 90_000 });
  await page.getByRole('tab', { name: 'Changes' }).click();
  const diff = page.getByTestId('diff');
  await expect.poll(() => diff.locator('ins').count(), { timeout: 30_000 }).toBeGreaterThan(runs / 2);
  expect(await diff.locator('del').count()).toBeGreaterThan(runs / 2);
  // What is added is the placeholders (with a mark of punctuation beside one, where a word kept it).
  expect(await diff.locator('ins').evaluateAll((added) => added.map((ins) => ins.textContent ?? '').filter((t) => !t.includes('[REDACTED]')))).toEqual([]);
});

test('a long list of suggestions draws only its cards near the screen, and a card being edited keeps what was typed', async ({ page, host }) => {
  test.setTimeout(120_000);
  await openApp(page, host);
  await openPastedAndWait(page, 'Twice the demo', twiceTheDemo());
  await page.getByRole('tab', { name: 'Suggestions' }).click();
  await page.getByRole('button', { name: 'Suggest placeholders' }).click();
  const acceptAll = page.getByRole('button', { name: /^Accept all \(/u });
  await expect(acceptAll).toBeVisible({ timeout: 60_000 });
  const waiting = async () => Number(((await acceptAll.textContent()) ?? '').replace(/\D/gu, ''));
  const pending = await waiting();
  expect(pending).toBeGreaterThan(1_000);
  const cards = page.getByTestId('suggestion');
  const drawn = await cards.count();
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThan(pending / 4);

  // Tab goes from card to card past the blocks drawn at first (two of 20 cards; four buttons a card).
  await cards.first().getByRole('button', { name: 'Show in text' }).focus();
  for (let press = 0; press < 4 * 50; press++) await page.keyboard.press('Tab');
  const focusedBlock = () =>
    page.evaluate(() => [...document.querySelectorAll('.suggestions-block')].indexOf(document.activeElement!.closest('.suggestions-block')!));
  expect(await focusedBlock()).toBe(2);
  const panel = page.locator('.tabpanel');
  const blocks = page.locator('.suggestions-block');
  await panel.evaluate((element) => element.scrollTo(0, 0));

  // The first card is edited, then the list scrolled to its end: the last cards are drawn,
  // those between are not, and the card being edited keeps what was typed.
  const first = blocks.first().getByTestId('suggestion').first();
  await first.getByRole('button', { name: 'Edit' }).click();
  const typed = 'a replacement typed by hand';
  await first.getByLabel('Your replacement').fill(typed);
  const lastBlock = blocks.last();
  // Blocks drawn near the end take their real height, so the end may move: scroll again until there.
  for (let step = 0; step < 20 && (await lastBlock.getByTestId('suggestion').count()) === 0; step++) {
    await panel.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.waitForTimeout(100);
  }
  await expect(lastBlock.getByTestId('suggestion').first()).toBeVisible();
  const emptyBlocks = await blocks.evaluateAll((all) => all.filter((block) => block.querySelector('[data-testid="suggestion"]') === null).length);
  expect(emptyBlocks).toBeGreaterThan(0);
  await panel.evaluate((element) => element.scrollTo(0, 0));
  await expect(first.getByLabel('Your replacement')).toHaveValue(typed);

  await first.getByRole('button', { name: 'Accept edited' }).click();
  await expect.poll(waiting, { timeout: 60_000 }).toBe(pending - 1);
  expect(await documentText(page)).toContain(typed);

  // Rejected all, they are more than the list gives of the resolved ones (the accepted one is older): the counts say
  // so, and all come back.
  await page.getByRole('button', { name: 'Reject all' }).click();
  await expect(page.getByText('Of the last 200 resolved: 0 accepted, 200 rejected.')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Bring back the rejected' }).click();
  await expect.poll(waiting, { timeout: 60_000 }).toBe(pending - 1);
});
