import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';
import { cacheDir } from '../../src/temporal/cache-dir.js';

/** The npm package whose tarball holds a Chromium build (x64 Linux), so `npm ci` brings a browser with no download. */
const PACKAGED = '@sparticuz/chromium';
const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The package's folder: its exports hide package.json, so it is found above its entry point. */
function packageDir(): string {
  let dir = dirname(createRequire(import.meta.url).resolve(PACKAGED));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** One folder per package version, so upgrading the package unpacks its Chromium anew. */
export function packagedChromiumDir(): string | null {
  try {
    const { version } = JSON.parse(readFileSync(join(packageDir(), 'package.json'), 'utf8')) as { version: string };
    return join(cacheDir(), `chromium-${version}`);
  } catch {
    return null;
  }
}

/**
 * The Chromium the page tests drive: CHROMIUM_PATH, else a system one (Debian's `chromium`,
 * Ubuntu's `chromium-browser`, Chrome), else the packaged one once unpacked, else one that
 * `playwright-core install chromium` downloaded where a download host answers.
 */
export function findChromium(): string | null {
  // A path set on purpose and wrong is a mistake to hear about, not a reason to take another browser.
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return existsSync(chosen) ? chosen : null;
  const packaged = packagedChromiumDir();
  const candidates = [...SYSTEM, ...(packaged ? [join(packaged, 'chromium')] : []), chromium.executablePath()];
  return candidates.find((p) => existsSync(p)) ?? null;
}

/**
 * Unpacks the packaged Chromium (about 200 MB from a 70 MB brotli file) into the cache and checks
 * that it starts. The package unpacks into `os.tmpdir()`, so a child process does it with TMPDIR
 * set to a scratch folder, which becomes the cached one only once whole: an interrupted unpack
 * never leaves a half-written browser that looks ready.
 */
export function unpackChromium(): { path: string } | { error: string } {
  const dir = packagedChromiumDir();
  if (!dir) return { error: `${PACKAGED} is not installed (npm ci installs it as a devDependency)` };
  if (process.platform !== 'linux' || process.arch !== 'x64') return { error: `${PACKAGED} holds a Chromium for x64 Linux only, not ${process.platform}-${process.arch}` };
  const scratch = `${dir}.unpacking-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  try {
    const unpack = spawnSync(process.execPath, ['--input-type=module', '-e',
      `const { default: c } = await import(${JSON.stringify(PACKAGED)}); process.stdout.write(await c.executablePath());`], {
      cwd: packageDir(), env: { ...process.env, TMPDIR: scratch }, encoding: 'utf8',
    });
    if (unpack.status !== 0) return { error: `unpacking ${PACKAGED} failed: ${unpack.stderr.trim().split('\n').slice(-3).join(' ')}` };
    const version = spawnSync(join(scratch, 'chromium'), ['--version'], { encoding: 'utf8' });
    if (version.status !== 0) {
      return { error: `the unpacked Chromium does not start (${(version.stderr || String(version.error)).trim().split('\n')[0]}); Debian: apt-get install libnss3` };
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(scratch, dir);
    return { path: join(dir, 'chromium') };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export const NO_CHROMIUM_HELP = 'the page tests (test/ui/page.test.ts) need Chromium: `npm ci` installs one inside the devDependency '
  + `${PACKAGED} (x64 Linux), or install one (Debian: apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome binary`;
