import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { ensureCli, NO_CLI_HELP } from './cli.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../workflows/search-attributes.js';

export interface DevServerOptions {
  port: number;
  uiPort?: number;
  /** SQLite file for the server's data; without it the server keeps everything in memory. */
  dbFile?: string;
  ip?: string;
  log?: (line: string) => void;
  /**
   * How long the `default` namespace keeps closed workflows (the dev server's own default is a
   * day). Without it the server's default stands.
   */
  retentionDays?: number;
  /** Aborted while the server is still starting: it is killed and the start fails. */
  signal?: AbortSignal;
}

export interface DevServer {
  address: string;
  uiUrl: string | null;
  stop(): Promise<void>;
}

/** Search attributes the agents set, so the Web UI and the API can find a SKU or a PO (all Keyword). */
export const SEARCH_ATTRIBUTES = SEARCH_ATTRIBUTE_KEYS.map((k) => `${k.name}=Keyword`);

export function waitForPort(host: string, port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = createConnection({ host, port });
      socket.once('connect', () => { socket.destroy(); resolve(); });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on ${host}:${port} after ${timeoutMs} ms`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Whether a process of this pid is running (signal 0 checks without sending anything). */
export const alive = (pid: number): boolean => {
  try { process.kill(pid, 0); return true; } catch { return false; }
};

/**
 * A server left behind by a run that was killed outright still holds the SQLite file and the
 * port; it is ours (its pid is in the data directory), so stop it before starting again.
 */
function reapOrphan(pidFile: string, say: (l: string) => void): void {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
    let cmdline = '';
    try { cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { /* not Linux: trust the pid file */ }
    if (!cmdline || cmdline.includes('start-dev')) {
      say(`stopping Temporal dev server left running by an earlier start (pid ${pid})`);
      process.kill(pid, 'SIGKILL');
    }
  }
  rmSync(pidFile, { force: true });
}

/** The port opens a moment before the namespace answers: the update is tried for up to 20 s. */
async function setRetention(cliPath: string, address: string, days: number): Promise<void> {
  const args = ['operator', 'namespace', 'update', '--address', address, '--namespace', 'default', '--retention', `${days * 24}h`];
  for (let attempt = 1; ; attempt++) {
    try {
      await promisify(execFile)(cliPath, args);
      return;
    } catch (err) {
      if (attempt >= 40) throw new Error(`could not set the retention of namespace default: ${err instanceof Error ? err.message : String(err)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

export async function startDevServer(opts: DevServerOptions): Promise<DevServer> {
  const say = opts.log ?? ((l: string) => console.error(l));
  const ip = opts.ip ?? '127.0.0.1';
  const cli = await ensureCli(say);
  if (!cli) return startSdkDownloadedServer(opts, say);

  const args = ['server', 'start-dev', '--ip', ip, '--port', String(opts.port), '--log-level', 'warn', '--namespace', 'default'];
  for (const sa of SEARCH_ATTRIBUTES) args.push('--search-attribute', sa);
  if (opts.uiPort) args.push('--ui-port', String(opts.uiPort), '--ui-ip', ip);
  else args.push('--headless');
  let pidFile: string | null = null;
  if (opts.dbFile) {
    mkdirSync(dirname(opts.dbFile), { recursive: true });
    args.push('--db-filename', opts.dbFile);
    // SQLite's default rollback journal syncs the one connection at every commit, and under a burst
    // the server spent over half of each second in fsync (bench/results/history.md). WAL with
    // synchronous=normal loses nothing when a process dies; a power cut may lose the last commits,
    // which a development server can afford (production runs on PostgreSQL).
    args.push('--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal');
    pidFile = join(dirname(opts.dbFile), 'temporal.pid');
    reapOrphan(pidFile, say);
  }
  say(`starting Temporal dev server (${cli.source}: ${cli.path}) on ${ip}:${opts.port}${opts.dbFile ? ` with data in ${opts.dbFile}` : ''}`);
  const child: ChildProcess = spawn(cli.path, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => { stderr = (stderr + d.toString()).slice(-4000); });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const aborted = new Promise<never>((_, reject) => {
    if (opts.signal?.aborted) reject(new Error('the start of the Temporal dev server was called off'));
    opts.signal?.addEventListener('abort', () => reject(new Error('the start of the Temporal dev server was called off')), { once: true });
  });
  aborted.catch(() => undefined);
  try {
    await Promise.race([
      waitForPort(ip, opts.port, 60_000),
      exited.then(() => { throw new Error(`Temporal dev server exited at start:\n${stderr}`); }),
      aborted,
    ]);
    if (opts.retentionDays) await setRetention(cli.path, `${ip}:${opts.port}`, opts.retentionDays);
  } catch (err) {
    child.kill('SIGKILL');
    // Reaped before the start fails: a caller that exits right after leaves no zombie behind.
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000).unref())]);
    throw err;
  }
  return {
    address: `${ip}:${opts.port}`,
    uiUrl: opts.uiPort ? `http://${ip === '0.0.0.0' ? 'localhost' : ip}:${opts.uiPort}` : null,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

/** Last resort, for machines with internet: the SDK downloads and runs its own dev server. */
async function startSdkDownloadedServer(opts: DevServerOptions, say: (l: string) => void): Promise<DevServer> {
  say('Temporal CLI unavailable; trying the SDK\'s own download of the dev server (needs internet).');
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  try {
    const env = await TestWorkflowEnvironment.createLocal({
      server: {
        executable: { type: 'cached-download' },
        ip: opts.ip ?? '127.0.0.1',
        port: opts.port,
        ...(opts.dbFile ? { dbFilename: opts.dbFile } : {}),
        ...(opts.uiPort ? { ui: true, uiPort: opts.uiPort } : {}),
        extraArgs: SEARCH_ATTRIBUTES.flatMap((sa) => ['--search-attribute', sa]),
      },
    });
    if (opts.retentionDays) say('the SDK\'s dev server keeps its own retention (one day): install the Temporal CLI to set it');
    return {
      address: env.address,
      uiUrl: opts.uiPort ? `http://localhost:${opts.uiPort}` : null,
      stop: () => env.teardown(),
    };
  } catch (err) {
    throw new Error(`${NO_CLI_HELP}\n(the SDK download failed: ${err instanceof Error ? err.message : String(err)})`);
  }
}
