import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { userInfo } from 'node:os';

/** Debian's PostgreSQL 15 binaries (package postgresql-15); PG_BIN overrides. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
/** PostgreSQL refuses to run as root; then it runs as this user (Debian's package creates it). */
const PG_USER = 'postgres';

export interface Postgres {
  port: number;
  user: string;
  dataDir: string;
  start(): void;
  /** `fast`: clients are disconnected, the server shuts down cleanly; `immediate`: as a crash would. */
  stop(mode?: 'fast' | 'immediate'): void;
  pid(): number | null;
}

const asRoot = userInfo().uid === 0;

function run(binary: string, args: string[]): void {
  const path = join(PG_BIN, binary);
  if (!existsSync(path)) throw new Error(`${path} not found: install Debian's postgresql-15 (apt-get install postgresql-15) or set PG_BIN to its bin directory`);
  const r = asRoot
    ? spawnSync('runuser', ['-u', PG_USER, '--', path, ...args], { encoding: 'utf8' })
    : spawnSync(path, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${binary} ${args.join(' ')} failed (${r.status}):\n${(r.stderr || r.stdout || String(r.error)).trim()}`);
}

/** A directory the server's user owns, also when we run as root. */
function ownedDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  if (asRoot) {
    const id = spawnSync('id', ['-u', PG_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', PG_USER], { encoding: 'utf8' });
    if (id.status !== 0) throw new Error(`running as root, PostgreSQL needs an unprivileged user named ${PG_USER} (Debian's postgresql package creates it)`);
    chownSync(path, Number(id.stdout.trim()), Number(gid.stdout.trim()));
  }
}

/**
 * A private PostgreSQL cluster: data and socket under `dir`, listening on 127.0.0.1:`port` only,
 * trust authentication (nothing else can reach it). Created on first use, kept across starts.
 */
export function privatePostgres(dir: string, port: number): Postgres {
  const dataDir = join(dir, 'pgdata');
  const socketDir = join(dir, 'pgsocket');
  const logFile = join(dir, 'postgres.log');
  const user = 'temporal';
  if (asRoot && spawnSync('runuser', ['-u', PG_USER, '--', 'test', '-x', dirname(dir)]).status !== 0) {
    throw new Error(`PostgreSQL runs as ${PG_USER} (not root), who cannot reach ${dirname(dir)}: choose a data directory whose parents others may enter (chmod o+x)`);
  }
  ownedDir(dir);
  ownedDir(socketDir);
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    ownedDir(dataDir);
    run('initdb', ['-D', dataDir, '-U', user, '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  }
  const pg: Postgres = {
    port, user, dataDir,
    start() {
      if (pg.pid() !== null) return;
      run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c max_connections=200`, 'start']);
    },
    stop(mode = 'fast') {
      if (pg.pid() === null) return;
      run('pg_ctl', ['-D', dataDir, '-w', '-t', '60', '-m', mode, 'stop']);
    },
    pid() {
      try {
        const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
        process.kill(pid, 0);
        return pid;
      } catch {
        return null;
      }
    },
  };
  return pg;
}
