import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withDefaultHeap } from '../../src/roles/heap.js';
import type { Role } from '../../src/roles/role.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** One service process in a role (`npm run worker` / `npm run api`), on its own ports. */
export interface RoleProcess {
  role: Role;
  name: string;
  child: ChildProcess;
  /** Where it answers /health, /ready, /metrics (and, for the api role, the REST API). */
  url: string;
  exited: Promise<number | null>;
  /** SIGTERM, and the exit code once it has drained. */
  stop(): Promise<number | null>;
  /** SIGKILL: nothing drains. */
  kill(): Promise<void>;
  /** Where its output goes, when it is kept. */
  logFile?: string;
}

/** The end of a role's output: why it stopped, when it stopped before it was ready. */
const lastLines = (file: string): string =>
  (existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').slice(-5).join(' | ') : 'no output');

export interface RoleOptions {
  name?: string;
  port: number;
  /** The Temporal worker's own exporter; 0 is off. Each worker on one host needs its own. */
  metricsPort?: number;
  env: Record<string, string>;
  /** A file the process's output is appended to; by default it is dropped. */
  logFile?: string;
}

export function spawnRole(role: Role, o: RoleOptions): RoleProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', role], {
    cwd: ROOT,
    env: {
      ...process.env, LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...o.env,
      // The heap limit bin/service.js gives, without its process in between (kill() must reach the service).
      NODE_OPTIONS: withDefaultHeap(o.env.NODE_OPTIONS ?? process.env.NODE_OPTIONS),
      API_HOST: '127.0.0.1', API_PORT: String(o.port), METRICS_PORT: String(o.metricsPort ?? 0),
    },
    stdio: ['ignore', o.logFile ? 'pipe' : 'ignore', o.logFile ? 'pipe' : 'inherit'],
  });
  if (o.logFile) {
    const out = createWriteStream(o.logFile, { flags: 'a' });
    child.stdout!.pipe(out);
    child.stderr!.pipe(out);
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    role, name: o.name ?? role, child, url: `http://127.0.0.1:${o.port}`, exited, ...(o.logFile ? { logFile: o.logFile } : {}),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls a role process's /ready until it says ready, or fails naming it when it exits or the time is up. */
export async function ready(p: RoleProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  let gone = false;
  void p.exited.then(() => { gone = true; });
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${p.name} exited with ${p.child.exitCode ?? p.child.signalCode} before it was ready${p.logFile ? `: ${lastLines(p.logFile)}` : ''}`);
    try {
      const res = await fetch(`${p.url}/ready`, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${p.name} was not ready after ${timeoutMs} ms: ${last}`);
}
