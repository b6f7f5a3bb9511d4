/** Imports run downhill only: the layers of the README's "Architecture" section, checked on every source file. */
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../spec-paths.js';
import { electronImportsOutsideShell, importEdges, layerOf, LAYERS, packageImports, uphillEdges } from './import-layers.js';

describe('import direction', () => {
  const edges = importEdges(projectRoot, ['electron', 'renderer', 'shared']);

  it('finds the imports (the scan itself works)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges).toContainEqual({ from: 'electron/services/handlers/index.ts', to: expect.stringMatching(/^electron\/services\//u) });
  });

  it('places every folder of electron/ in a layer', () => {
    const folders = new Set(edges.map((edge) => edge.from.split('/').slice(0, 2).join('/')).filter((folder) => folder.startsWith('electron/')));
    for (const folder of folders) expect(layerOf(`${folder}/x.ts`), folder).not.toBeNull();
  });

  it('has no import from a lower layer to a higher one, and the renderer imports only shared/', () => {
    expect(uphillEdges(edges)).toEqual([]);
  });

  it('would catch one (the check can fail)', () => {
    const bottom = LAYERS.length - 1;
    expect(layerOf('shared/x.ts')).toBe(bottom);
    expect(
      uphillEdges([
        { from: 'electron/engine/engine-state.ts', to: 'electron/evaluation/search/bm25.ts' },
        { from: 'renderer/App.tsx', to: 'electron/services/app-services.ts' },
        { from: 'shared/linkage/detect.ts', to: 'models/gguf-writer.ts' },
        { from: 'electron/cli/main.ts', to: 'electron/services/collections.ts' },
      ]),
    ).toHaveLength(3);
  });

  describe("only the thin shell imports 'electron'", () => {
    // e2e/ drives the app through Playwright's launcher, which imports nothing of Electron.
    const packages = packageImports(projectRoot, ['electron', 'renderer', 'shared', 'models', 'bench', 'e2e']);

    it('finds the shell importing it (the scan itself works)', () => {
      expect(packages).toContainEqual({ from: 'electron/shell/main.ts', to: 'electron' });
      expect(packages).toContainEqual({ from: 'electron/shell/app-menu.ts', to: 'electron' });
    });

    it('finds no import of it anywhere else', () => {
      expect(electronImportsOutsideShell(packages)).toEqual([]);
    });

    it('would catch one, type-only or dynamic (the check can fail)', () => {
      expect(
        electronImportsOutsideShell([
          { from: 'electron/services/app-services.ts', to: 'electron' },
          { from: 'renderer/app/App.tsx', to: 'electron/renderer' },
          { from: 'electron/shell/ipc.ts', to: 'electron' },
          { from: 'electron/llm/llm-child.ts', to: 'electron-log' },
        ]),
      ).toHaveLength(2);
    });
  });
});
