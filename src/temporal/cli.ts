import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { cacheDir } from './cache-dir.js';

/** The last CLI version `go install` accepts: later ones carry a `replace` directive it refuses. */
export const CLI_VERSION = 'v1.5.1';
const CLI_MODULE = 'github.com/temporalio/cli/cmd/temporal';

export type CliSource = 'TEMPORAL_CLI' | 'PATH' | 'cache' | 'go build';
export interface FoundCli { path: string; source: CliSource }

type Say = (line: string) => void;

const isExecutable = (p: string): boolean => {
  try { accessSync(p, constants.X_OK); return true; } catch { return false; }
};

const onPath = (name: string): string | undefined =>
  (process.env.PATH ?? '').split(delimiter).filter(Boolean).map((d) => join(d, name)).find(isExecutable);

export const cachedCliPath = (): string => join(cacheDir(), `temporal-cli-${CLI_VERSION}`, 'temporal');

/** Finds the Temporal CLI without building anything. */
export function findCli(): FoundCli | undefined {
  const fromEnv = process.env.TEMPORAL_CLI;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`TEMPORAL_CLI=${fromEnv} is not an executable file`);
    return { path: fromEnv, source: 'TEMPORAL_CLI' };
  }
  const path = onPath('temporal');
  if (path) return { path, source: 'PATH' };
  const cached = cachedCliPath();
  if (isExecutable(cached)) return { path: cached, source: 'cache' };
  return undefined;
}

/**
 * Finds the CLI or builds it from the Go module proxy into the cache. Returns undefined when
 * neither works, so the caller can fall back to the SDK's own download (machines with internet).
 */
export async function ensureCli(say: Say = console.error): Promise<FoundCli | undefined> {
  const found = findCli();
  if (found) return found;
  const go = onPath('go');
  if (!go) {
    say('Temporal CLI: not in TEMPORAL_CLI, not on PATH, not cached, and no Go toolchain to build it.');
    return undefined;
  }
  const target = join(cacheDir(), `temporal-cli-${CLI_VERSION}`);
  mkdirSync(target, { recursive: true });
  say(`Temporal CLI: building ${CLI_MODULE}@${CLI_VERSION} with Go into ${target}.`);
  say('This happens once per machine and takes a few minutes (about 3 on 2 cores).');
  const started = Date.now();
  const code = await new Promise<number>((resolve) => {
    const child = spawn(go, ['install', `${CLI_MODULE}@${CLI_VERSION}`], {
      env: { ...process.env, GOBIN: target, GOFLAGS: `${process.env.GOFLAGS ?? ''} -buildvcs=false`.trim() },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const ticker = setInterval(() => say(`Temporal CLI: still building (${Math.round((Date.now() - started) / 1000)} s)…`), 30_000);
    child.on('exit', (c) => { clearInterval(ticker); resolve(c ?? 1); });
    child.on('error', () => { clearInterval(ticker); resolve(1); });
  });
  const built = cachedCliPath();
  if (code !== 0 || !existsSync(built)) {
    say(`Temporal CLI: go install failed (exit ${code}).`);
    return undefined;
  }
  say(`Temporal CLI: built in ${Math.round((Date.now() - started) / 1000)} s.`);
  return { path: built, source: 'go build' };
}

export const NO_CLI_HELP = [
  'No Temporal server could be found or built. Any one of these works:',
  '  - set TEMPORAL_ADDRESS to a running Temporal server (nothing is started then);',
  '  - set TEMPORAL_CLI to the path of a `temporal` binary;',
  '  - put `temporal` on PATH (https://docs.temporal.io/cli);',
  `  - install Go, so the project can build the CLI once (go install ${CLI_MODULE}@${CLI_VERSION});`,
  '  - or run on a machine with internet, where the Temporal SDK downloads its own dev server.',
].join('\n');

export function cliVersion(path: string): string {
  const out = spawnSync(path, ['--version'], { encoding: 'utf8' });
  return out.stdout.trim();
}
