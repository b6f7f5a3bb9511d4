/**
 * The allowed direction of imports (the README's "Architecture" section): a module may
 * import its own layer or any layer below it, never one above. Front doors sit on top;
 * shared/ at the bottom is imported by everything, the renderer included, and imports
 * nothing of the app.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** Layers from the top down; folders in one entry are peers and may import each other. */
export const LAYERS: readonly (readonly string[])[] = [
  ['electron/cli', 'electron/host', 'electron/shell'],
  ['electron/services', 'electron/ipc'],
  ['electron/evaluation'],
  ['electron/rewriter'],
  ['electron/engine'],
  [
    'electron/index-store',
    'electron/import',
    'electron/search',
    'electron/lexicon',
    'electron/llm',
    'electron/workspace',
    'electron/export',
    'electron/runtime',
  ],
  ['shared'],
];

/** The layer of a project-relative path: its index in LAYERS, 'renderer', or null (models/, scripts/ …). */
export function layerOf(path: string): number | 'renderer' | null {
  if (path.startsWith('renderer/')) return 'renderer';
  const index = LAYERS.findIndex((layer) => layer.some((folder) => path === folder || path.startsWith(`${folder}/`)));
  return index === -1 ? null : index;
}

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gu;
/** Any import of a package (not a relative path), the type-only ones and require() included. */
const PACKAGE_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^.'"][^'"]*)['"]|(?:^|\n)\s*import\s+['"]([^.'"][^'"]*)['"]|(?:import|require)\(\s*['"]([^.'"][^'"]*)['"]\s*\)/gu;

/** Calls `visit` with the project-relative path and text of every .ts/.tsx file under `folders`. */
function eachSourceFile(root: string, folders: readonly string[], visit: (path: string, source: string) => void): void {
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/u.test(entry.name) && !entry.name.endsWith('.d.ts')) visit(path, readFileSync(join(root, path), 'utf8'));
    }
  };
  folders.forEach(walk);
}

/** Every relative import of the .ts/.tsx files under `folders` (project-relative paths, .js mapped back to .ts). */
export function importEdges(root: string, folders: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  eachSourceFile(root, folders, (path, source) => {
    for (const match of source.matchAll(IMPORT)) {
      const target = match[1] ?? match[2]!;
      const absolute = resolve(join(root, dirname(path)), target);
      edges.push({ from: path, to: relative(root, absolute).split(sep).join('/').replace(/\.js$/u, '.ts') });
    }
  });
  return edges;
}

/** The package each file under `folders` imports, as edges to the package's name ('electron', 'node:fs' …). */
export function packageImports(root: string, folders: readonly string[]): ImportEdge[] {
  const edges: ImportEdge[] = [];
  eachSourceFile(root, folders, (path, source) => {
    for (const match of source.matchAll(PACKAGE_IMPORT)) edges.push({ from: path, to: match[1] ?? match[2] ?? match[3]! });
  });
  return edges;
}

/** Only the thin shell may import 'electron' (it throws outside Electron's own processes). */
export const ELECTRON_SHELL = 'electron/shell/';

/** Files outside the shell that import 'electron' (or one of its subpaths). */
export function electronImportsOutsideShell(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter(({ from, to }) => (to === 'electron' || to.startsWith('electron/')) && !from.startsWith(ELECTRON_SHELL));
}

/** Edges that run uphill, or out of the renderer into anything but shared/. */
export function uphillEdges(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter(({ from, to }) => {
    const source = layerOf(from);
    const target = layerOf(to);
    if (source === 'renderer') return target !== 'renderer' && target !== LAYERS.length - 1;
    if (source === null) return false;
    if (target === 'renderer') return true;
    if (target === null) return source === LAYERS.length - 1; // shared/ imports nothing of the app
    return target < source;
  });
}
