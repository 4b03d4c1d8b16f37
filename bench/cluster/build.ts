import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../../src/temporal/cache-dir.js';

/** The server the Temporal CLI v1.5.1 embeds, and the Web UI server it embeds. */
export const SERVER_VERSION = 'v1.29.1';
export const UI_SERVER_VERSION = 'v2.42.1';

export interface ServerBinaries {
  server: string;
  sql: string;
  /** The server module's source in the Go module cache: its schema files (schema/postgresql/v12/...). */
  moduleDir: string;
}

const say = (line: string) => console.error(`[cluster] ${line}`);

function go(args: string[], env: Record<string, string> = {}) {
  return spawnSync('go', args, { encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

function goInstall(gobin: string, packages: string[], what: string): { ok: true } | { ok: false; why: string } {
  mkdirSync(gobin, { recursive: true });
  say(`building ${what} with go install (once per machine; minutes on 2 cores) into ${gobin}`);
  const started = Date.now();
  const r = go(['install', ...packages], { GOBIN: gobin, GOFLAGS: '-mod=mod' });
  if (r.error) return { ok: false, why: `go is not installed or not on PATH (${r.error.message}); install Go 1.22+ to build the cluster` };
  if (r.status !== 0) return { ok: false, why: `go install failed:\n${r.stderr.trim().split('\n').slice(-15).join('\n')}` };
  say(`built ${what} in ${Math.round((Date.now() - started) / 1000)} s`);
  return { ok: true };
}

/** Builds Temporal's server and SQL tool once (cached next to the CLI); throws with the reason when it cannot. */
export function ensureServerBinaries(): ServerBinaries {
  const dir = join(cacheDir(), `temporal-server-${SERVER_VERSION}`);
  const server = join(dir, 'server');
  const sql = join(dir, 'sql');
  if (!existsSync(server) || !existsSync(sql)) {
    const built = goInstall(dir, [`go.temporal.io/server/cmd/server@${SERVER_VERSION}`, `go.temporal.io/server/cmd/tools/sql@${SERVER_VERSION}`], `Temporal server ${SERVER_VERSION}`);
    if (!built.ok) throw new Error(`cannot build the Temporal server: ${built.why}`);
  }
  const modcache = go(['env', 'GOMODCACHE']).stdout.trim();
  let moduleDir = join(modcache, `go.temporal.io/server@${SERVER_VERSION}`);
  if (!existsSync(join(moduleDir, 'schema'))) {
    // Binaries from an earlier build with a cleaned module cache: fetch the module's files alone.
    const dl = go(['mod', 'download', '-json', `go.temporal.io/server@${SERVER_VERSION}`]);
    if (dl.status !== 0) throw new Error(`cannot fetch the Temporal server module for its schema files: ${dl.stderr.trim()}`);
    moduleDir = (JSON.parse(dl.stdout) as { Dir: string }).Dir;
  }
  return { server, sql, moduleDir };
}

/**
 * The Web UI server the CLI embeds, built once; null with the reason when it cannot be had
 * (the cluster then runs without it).
 */
export function ensureUiServer(): { path: string } | { path: null; why: string } {
  const dir = join(cacheDir(), `temporal-ui-server-${UI_SERVER_VERSION}`);
  const path = join(dir, 'server');
  if (existsSync(path)) return { path };
  const built = goInstall(dir, [`github.com/temporalio/ui-server/v2/cmd/server@${UI_SERVER_VERSION}`], `Temporal Web UI server ${UI_SERVER_VERSION}`);
  return built.ok ? { path } : { path: null, why: built.why };
}
