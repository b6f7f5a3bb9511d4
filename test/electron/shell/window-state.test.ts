/** The window reopens where it was, unless that place is no longer on any display. */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_SIZE,
  MINIMUM_WINDOW_SIZE,
  parseWindowState,
  readWindowState,
  saveWindowState,
  windowPlacement,
  type WindowState,
} from '../../../electron/shell/window-state.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir();
const laptop = { x: 0, y: 0, width: 1920, height: 1050 };
const secondScreen = { x: 1920, y: 0, width: 2560, height: 1400 };
const state = (x: number, y: number, width: number, height: number, maximized = false): WindowState => ({ bounds: { x, y, width, height }, maximized });

describe('window placement', () => {
  it('opens at the default size, placed by Electron, the first time', () => {
    expect(windowPlacement(undefined, [laptop])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false });
  });

  it('reopens where it was, maximised if it was', () => {
    expect(windowPlacement(state(100, 80, 1200, 800), [laptop])).toEqual({ x: 100, y: 80, width: 1200, height: 800, maximized: false });
    expect(windowPlacement(state(2000, 50, 1600, 1000, true), [laptop, secondScreen])).toEqual({ x: 2000, y: 50, width: 1600, height: 1000, maximized: true });
  });

  it('keeps the size but not the place when its display is gone (undocked laptop)', () => {
    expect(windowPlacement(state(2000, 50, 1600, 1000, true), [laptop])).toEqual({ width: 1600, height: 1000, maximized: true });
    // Too large for every display left: the default size.
    expect(windowPlacement(state(2000, 50, 2500, 1300), [laptop])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false });
  });

  it('does not reopen where too little of its top would show to drag it back', () => {
    // Only 100 pixels of the top strip on the laptop's right edge.
    expect(windowPlacement(state(1820, 100, 1200, 800), [laptop])).not.toHaveProperty('x');
    // Its top above the display: not reachable.
    expect(windowPlacement(state(100, -500, 1200, 800), [laptop])).not.toHaveProperty('x');
    // 200 pixels of it are enough.
    expect(windowPlacement(state(1720, 100, 1200, 800), [laptop])).toMatchObject({ x: 1720, y: 100 });
  });

  it('fits the display it opens on and the layout it must hold', () => {
    expect(windowPlacement(state(0, 0, 3000, 2000), [laptop])).toMatchObject({ x: 0, y: 0, width: laptop.width, height: laptop.height });
    expect(windowPlacement(state(10, 10, 300, 200), [laptop])).toMatchObject({ width: MINIMUM_WINDOW_SIZE.width, height: MINIMUM_WINDOW_SIZE.height });
  });
});

describe('the saved state', () => {
  it('is read back as saved', () => {
    const folder = tempDir();
    expect(readWindowState(folder)).toBeUndefined();
    expect(saveWindowState(folder, state(5, 6, 1000, 700, true))).toBe(true);
    expect(readWindowState(folder)).toEqual(state(5, 6, 1000, 700, true));
    expect(existsSync(join(folder, 'window-state.json.tmp'))).toBe(false);
  });

  it('is ignored when damaged or not a state, so only the place is lost', () => {
    for (const text of [
      '',
      '{',
      'null',
      '[]',
      '{"bounds":{"x":0,"y":0,"width":0,"height":10},"maximized":false}',
      '{"bounds":{"x":0.5,"y":0,"width":10,"height":10},"maximized":false}',
      '{"bounds":{"x":0,"y":0,"width":10,"height":10}}',
      '{"bounds":{"x":"0","y":0,"width":10,"height":10},"maximized":true}',
    ]) {
      expect(parseWindowState(text), text).toBeUndefined();
    }
    const folder = tempDir();
    writeFileSync(join(folder, 'window-state.json'), '\u0000\u0001binary');
    expect(readWindowState(folder)).toBeUndefined();
  });

  it('fails quietly, making nothing, where the folder cannot be written', () => {
    const missing = join(tempDir(), 'no', 'such', 'folder');
    expect(saveWindowState(missing, state(0, 0, 1000, 700))).toBe(false);
    expect(existsSync(join(missing, '..'))).toBe(false);
  });
});
