// Types of bundle-options.mjs, for the TypeScript that imports it (bench/scale/run.ts).
import type { BuildOptions } from 'esbuild';

export declare const nodeBundle: BuildOptions;
export declare const nativePackages: string[];
export declare const requireBanner: { js: string };
export declare const workerEntries: Record<string, string>;
