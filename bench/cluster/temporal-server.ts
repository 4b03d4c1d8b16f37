import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes.js';
import { msToTs } from '@temporalio/common/lib/time.js';
import { waitForPort } from '../../src/temporal/dev-server.js';
import { SEARCH_ATTRIBUTE_KEYS } from '../../src/workflows/search-attributes.js';
import type { ServerBinaries } from './build.js';
import type { Postgres } from './postgres.js';

/** The ports a cluster takes from its base: its Temporal services, the Web UI, and PostgreSQL at base + 20. */
export const CLUSTER_PORT_SPAN = 21;

const portIsFree = (port: number) => new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once('error', () => resolve(false));
  probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
});

/**
 * A base whose whole span is free now, drawn from `from` up to below the kernel's ephemeral range
 * (32768 on Linux), where an outgoing connection could take one of the ports between the check and
 * the server's start.
 */
export async function freeClusterBase(from = 20_000, below = 32_000): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const base = from + Math.floor(Math.random() * ((below - from - CLUSTER_PORT_SPAN) / CLUSTER_PORT_SPAN)) * CLUSTER_PORT_SPAN;
    const free = await Promise.all(Array.from({ length: CLUSTER_PORT_SPAN }, (_, i) => portIsFree(base + i)));
    if (free.every(Boolean)) return base;
  }
  throw new Error(`no span of ${CLUSTER_PORT_SPAN} free ports found between ${from} and ${below}`);
}

/** Ports of one cluster: the frontend's gRPC is `base`, the rest follow it. */
export function clusterPorts(base: number) {
  return {
    frontend: base, frontendHttp: base + 1, history: base + 2, matching: base + 3, worker: base + 4,
    frontendMembership: base + 5, historyMembership: base + 6, matchingMembership: base + 7, workerMembership: base + 8,
    metrics: base + 9, ui: base + 10,
  };
}
export type ClusterPorts = ReturnType<typeof clusterPorts>;

export interface TlsFiles {
  /** The server's certificate and key, and the CA client certificates must be signed by. */
  cert: string;
  key: string;
  ca: string;
}

const datastore = (pg: Postgres, database: string, maxConns: number) => `
      sql:
        pluginName: "postgres12"
        databaseName: "${database}"
        connectAddr: "127.0.0.1:${pg.port}"
        connectProtocol: "tcp"
        user: "${pg.user}"
        password: "unused-trust-auth"
        maxConns: ${maxConns}
        maxIdleConns: ${maxConns}
        maxConnLifetime: "1h"`;

const service = (grpc: number, membership: number, extra = '') => `
    rpc:
      grpcPort: ${grpc}
      membershipPort: ${membership}
      bindOnIP: "127.0.0.1"${extra}`;

/**
 * The server's configuration: all four services in one process on loopback, persistence and
 * visibility on the private PostgreSQL. With `tls`, the frontend and the services among
 * themselves require client certificates signed by its CA (mTLS).
 */
function serverConfig(pg: Postgres, ports: ClusterPorts, dynamicConfigFile: string, tls?: TlsFiles): string {
  // The services reach each other and the frontend with the server's certificate, so it must be good for both ends.
  const side = (t: TlsFiles) => `
      server:
        certFile: "${t.cert}"
        keyFile: "${t.key}"
        requireClientAuth: true
        clientCaFiles:
          - "${t.ca}"
      client:
        serverName: "localhost"
        rootCaFiles:
          - "${t.ca}"`;
  const frontendTls = tls ? `
  tls:
    internode:${side(tls)}
    frontend:${side(tls)}` : '';
  return `log:
  stdout: true
  level: warn

persistence:
  defaultStore: postgres-default
  visibilityStore: postgres-visibility
  numHistoryShards: 4
  datastores:
    postgres-default:${datastore(pg, 'temporal', 40)}
    postgres-visibility:${datastore(pg, 'temporal_visibility', 10)}

global:
  membership:
    maxJoinDuration: 30s
    broadcastAddress: "127.0.0.1"
  metrics:
    prometheus:
      framework: "tally"
      timerType: "histogram"
      listenAddress: "127.0.0.1:${ports.metrics}"${frontendTls}

services:
  frontend:${service(ports.frontend, ports.frontendMembership, `\n      httpPort: ${ports.frontendHttp}`)}
  history:${service(ports.history, ports.historyMembership)}
  matching:${service(ports.matching, ports.matchingMembership)}
  worker:${service(ports.worker, ports.workerMembership)}

clusterMetadata:
  enableGlobalNamespace: false
  failoverVersionIncrement: 10
  masterClusterName: "active"
  currentClusterName: "active"
  clusterInformation:
    active:
      enabled: true
      initialFailoverVersion: 1
      rpcName: "frontend"
      rpcAddress: "127.0.0.1:${ports.frontend}"

dcRedirectionPolicy:
  policy: "noop"

dynamicConfigClient:
  filepath: "${dynamicConfigFile}"
  pollInterval: "10s"
`;
}

/** Creates both databases and brings their schemas to the server's version; safe to run again. */
export function setupSchemas(bin: ServerBinaries, pg: Postgres): void {
  const sql = (database: string, ...args: string[]) => {
    const r = spawnSync(bin.sql, ['--plugin', 'postgres12', '--ep', '127.0.0.1', '-p', String(pg.port), '-u', pg.user, '--pw', 'unused', '--db', database, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`temporal-sql-tool ${args[0]} on ${database} failed:\n${(r.stderr || r.stdout).trim().split('\n').slice(-10).join('\n')}`);
    return r.stdout + r.stderr;
  };
  for (const [database, schema] of [['temporal', 'temporal'], ['temporal_visibility', 'visibility']] as const) {
    const create = spawnSync(bin.sql, ['--plugin', 'postgres12', '--ep', '127.0.0.1', '-p', String(pg.port), '-u', pg.user, '--pw', 'unused', '--db', database, 'create'], { encoding: 'utf8' });
    if (create.status !== 0 && !/already exists/.test(create.stderr + create.stdout)) throw new Error(`creating database ${database} failed:\n${create.stderr.trim()}`);
    // setup-schema at 0.0 creates the version table only (and does nothing once it exists); update-schema applies every versioned step not yet applied.
    sql(database, 'setup-schema', '-v', '0.0');
    sql(database, 'update-schema', '-d', join(bin.moduleDir, 'schema/postgresql/v12', schema, 'versioned'));
  }
}

/** A server left running by a run that was killed outright holds the ports; its pid is ours to stop. */
function reapOrphan(pidFile: string): void {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8'));
  try {
    if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--allow-no-auth')) process.kill(pid, 'SIGKILL');
  } catch { /* gone already */ }
  rmSync(pidFile, { force: true });
}

export interface TemporalServer {
  address: string;
  process(): ChildProcess | null;
  start(): Promise<void>;
  /** SIGTERM, or SIGKILL when `hard`; resolves once the process is gone. */
  stop(hard?: boolean): Promise<void>;
}

export function temporalServer(o: { bin: ServerBinaries; pg: Postgres; dir: string; ports: ClusterPorts; tls?: TlsFiles; log?: string }): TemporalServer {
  const configDir = join(o.dir, 'config');
  mkdirSync(configDir, { recursive: true });
  const dynamicConfig = join(configDir, 'dynamic.yaml');
  // The agents take messages as Updates: on by default in this version, stated so a change shows here.
  writeFileSync(dynamicConfig, 'frontend.enableUpdateWorkflowExecution:\n  - value: true\n');
  writeFileSync(join(configDir, 'development.yaml'), serverConfig(o.pg, o.ports, dynamicConfig, o.tls));
  let child: ChildProcess | null = null;
  const pidFile = join(o.dir, 'temporal-server.pid');
  const address = `127.0.0.1:${o.ports.frontend}`;
  return {
    address,
    process: () => child,
    async start() {
      reapOrphan(pidFile);
      const out = createWriteStream(o.log ?? join(o.dir, 'temporal-server.log'), { flags: 'a' });
      child = spawn(o.bin.server, ['--root', o.dir, '--config', 'config', '--env', 'development', '--allow-no-auth', 'start'], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.pipe(out);
      child.stderr!.pipe(out);
      writeFileSync(pidFile, String(child.pid));
      const started = child;
      const logFile = o.log ?? join(o.dir, 'temporal-server.log');
      // The log's last lines go into the error: a test's directory, log included, is gone by the time anyone reads it.
      const exited = new Promise<never>((_, reject) => started.once('exit', (code) => out.end(() => {
        const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n') : '(no log)';
        reject(new Error(`the Temporal server exited with ${code} while starting (${logFile}); its log ends:\n${tail}`));
      })));
      await Promise.race([waitForPort('127.0.0.1', o.ports.frontend, 120_000), exited]);
    },
    async stop(hard = false) {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => c.once('exit', () => resolve()));
      c.kill(hard ? 'SIGKILL' : 'SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 30_000);
      await gone;
      clearTimeout(timer);
      child = null;
      rmSync(pidFile, { force: true });
    },
  };
}

/**
 * The namespace with an explicit retention (how long a closed workflow's history is kept) and the
 * search attributes the agents set; waits until the frontend answers and the attributes are usable.
 */
export async function registerNamespace(connection: Connection, namespace: string, retentionDays: number): Promise<void> {
  const retention = msToTs(retentionDays * 86_400_000);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await connection.workflowService.registerNamespace({ namespace, workflowExecutionRetentionPeriod: retention });
      break;
    } catch (err) {
      const code = (err as { code?: number }).code;
      if (code === 6) { // ALREADY_EXISTS: keep it, with the retention asked for now
        await connection.workflowService.updateNamespace({ namespace, config: { workflowExecutionRetentionTtl: retention } });
        break;
      }
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  const { customAttributes } = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = SEARCH_ATTRIBUTE_KEYS.filter((k) => !customAttributes || !(k.name in customAttributes));
  if (missing.length) {
    await connection.operatorService.addSearchAttributes({
      namespace,
      searchAttributes: Object.fromEntries(missing.map((k) => [k.name, encodeSearchAttributeIndexedValueType(k.type)!])),
    });
  }
  // The frontend validates queries and starts against its cached attributes: usable once a query by one is accepted.
  for (;;) {
    try {
      await connection.workflowService.countWorkflowExecutions({ namespace, query: SEARCH_ATTRIBUTE_KEYS.map((k) => `${k.name} = "probe"`).join(' AND ') });
      return;
    } catch (err) {
      if (Date.now() > deadline) throw new Error(`the search attributes were not usable after 2 minutes: ${err instanceof Error ? err.message : String(err)}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}
