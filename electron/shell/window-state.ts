/**
 * Where the window was: a desktop app reopens at the size and place the clerk left it,
 * maximised if it was. Kept in a small JSON file beside the workspace (Electron's
 * userData folder), never anything of the documents.
 *
 * Pure except for the two file calls, so it runs in tests without Electron: the shell
 * passes the displays' work areas in. A saved place is used only when a good part of the
 * window's top lands on a display that is still attached (a laptop undocked from its second
 * screen must not open the app off screen); otherwise the default size, centred by Electron.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Rectangle {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface WindowState {
  /** The window's bounds when not maximised (Electron's getNormalBounds). */
  readonly bounds: Rectangle;
  readonly maximized: boolean;
}

/** How the window opens: a size, a place when the saved one still fits a display, and whether maximised. */
export interface WindowPlacement {
  readonly width: number;
  readonly height: number;
  readonly x?: number;
  readonly y?: number;
  readonly maximized: boolean;
}

export const DEFAULT_WINDOW_SIZE = { width: 1400, height: 900 } as const;
/** Below this the review screen crushes the document between its side columns (seen at 900 × 600). */
export const MINIMUM_WINDOW_SIZE = { width: 1100, height: 700 } as const;
/** How much of the window's top strip (where it is dragged from) must lie on one display. */
const VISIBLE_TOP = { width: 200, height: 40 } as const;

const FILE_NAME = 'window-state.json';

function isRectangle(value: unknown): value is Rectangle {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    ['x', 'y', 'width', 'height'].every((key) => Number.isFinite(r[key]) && Number.isInteger(r[key])) && (r.width as number) > 0 && (r.height as number) > 0
  );
}

/** The saved state, or undefined when there is none or it is not one (a damaged file only costs the place). */
export function parseWindowState(text: string): WindowState | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { bounds, maximized } = value as Record<string, unknown>;
  return isRectangle(bounds) && typeof maximized === 'boolean' ? { bounds, maximized } : undefined;
}

/** Area shared by two rectangles. */
function overlap(a: Rectangle, b: Rectangle): { width: number; height: number } {
  return {
    width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
    height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
  };
}

/** How the window opens, given the saved state (if any) and the work areas of the displays attached now. */
export function windowPlacement(saved: WindowState | undefined, workAreas: readonly Rectangle[]): WindowPlacement {
  if (saved === undefined) return { ...DEFAULT_WINDOW_SIZE, maximized: false };
  const { bounds } = saved;
  const top: Rectangle = { x: bounds.x, y: bounds.y, width: bounds.width, height: VISIBLE_TOP.height };
  const home = workAreas.find((area) => {
    const shared = overlap(top, area);
    return shared.width >= Math.min(VISIBLE_TOP.width, bounds.width) && shared.height >= Math.min(VISIBLE_TOP.height, bounds.height);
  });
  if (home === undefined) {
    // The display it was on is gone: keep the size if some display can hold it, not the place.
    const fits = workAreas.some((area) => bounds.width <= area.width && bounds.height <= area.height);
    const size = fits
      ? { width: Math.max(bounds.width, MINIMUM_WINDOW_SIZE.width), height: Math.max(bounds.height, MINIMUM_WINDOW_SIZE.height) }
      : DEFAULT_WINDOW_SIZE;
    return { ...size, maximized: saved.maximized };
  }
  // No larger than the display it opens on, no smaller than the layout needs.
  const width = Math.min(Math.max(bounds.width, MINIMUM_WINDOW_SIZE.width), home.width);
  const height = Math.min(Math.max(bounds.height, MINIMUM_WINDOW_SIZE.height), home.height);
  return { x: bounds.x, y: Math.max(bounds.y, home.y), width, height, maximized: saved.maximized };
}

/** The saved state in `folder`, or undefined (none yet, unreadable or damaged). */
export function readWindowState(folder: string): WindowState | undefined {
  try {
    return parseWindowState(readFileSync(join(folder, FILE_NAME), 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Saves the state into `folder` (which exists: Electron makes userData before the app is
 * ready). Written aside and renamed, so a crash mid-write leaves the old file whole.
 * Failing to save only costs the place next time, so it never stops the window closing.
 */
export function saveWindowState(folder: string, state: WindowState): boolean {
  const path = join(folder, FILE_NAME);
  try {
    writeFileSync(`${path}.tmp`, JSON.stringify(state));
    renameSync(`${path}.tmp`, path);
    return true;
  } catch {
    return false;
  }
}
