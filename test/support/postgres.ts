import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../bench/support/stack.js';

const run = promisify(execFile);

export interface Postgres {
  /** `postgres://…@127.0.0.1:<port>/postgres`, trust authentication on loopback. */
  url: string;
  stop(): Promise<void>;
}

/** Debian's layout (`postgresql` package): /usr/lib/postgresql/<major>/bin; PG_BIN overrides. */
export function binDir(): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((d) => /^\d+$/.test(d)).sort((a, b) => Number(b) - Number(a)) : [];
  const candidates = process.env.PG_BIN ? [process.env.PG_BIN] : majors.map((m) => join(root, m, 'bin'));
  const found = candidates.find((d) => existsSync(join(d, 'initdb')));
  if (!found) {
    throw new Error('PostgreSQL server binaries not found: the records tests need initdb and pg_ctl (Debian: apt-get install postgresql; or set PG_BIN to their directory)');
  }
  return found;
}

/** initdb refuses to run as root: as root the cluster belongs to an unprivileged system user. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => l.split(':'));
  const user = ['postgres', 'nobody'].map((name) => passwd.find((p) => p[0] === name)).find(Boolean);
  if (!user) throw new Error('running as root, and neither a postgres nor a nobody user exists to own a PostgreSQL cluster');
  return { uid: Number(user[2]), gid: Number(user[3]) };
}

/**
 * A private PostgreSQL cluster for one test file: its own data directory and socket directory in
 * a temporary directory, listening on a free loopback port, fsync off. Stopped and deleted by `stop`.
 */
export async function startPostgres(): Promise<Postgres> {
  const bin = binDir();
  const owner = runAs();
  const dir = mkdtempSync(join(tmpdir(), 'replenisher-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chmodSync(dir, 0o700);
  }
  const as = owner ? { uid: owner.uid, gid: owner.gid } : {};
  const port = await freePort();
  try {
    await run(join(bin, 'initdb'), ['-D', data, '-U', 'replenisher', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], { ...as, cwd: dir });
    await run(join(bin, 'pg_ctl'), [
      '-D', data, '-l', log, '-w', '-t', '60',
      '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
      'start',
    ], { ...as, cwd: dir });
  } catch (err) {
    const tail = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`could not start a PostgreSQL cluster with ${bin}: ${err instanceof Error ? err.message : String(err)}\n${tail}`);
  }
  return {
    url: `postgres://replenisher@127.0.0.1:${port}/postgres`,
    async stop() {
      await run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { ...as, cwd: dir }).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
