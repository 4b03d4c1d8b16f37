import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { waitForPort } from '../../src/temporal/dev-server.js';
import { ensureServerBinaries, ensureUiServer } from './build.js';
import { privatePostgres, type Postgres } from './postgres.js';
import { CLUSTER_PORT_SPAN, clusterPorts, registerNamespace, setupSchemas, temporalServer, type TemporalServer, type TlsFiles } from './temporal-server.js';

export interface ClusterOptions {
  /** Everything the cluster keeps: PostgreSQL's data, configuration, logs. Kept across starts. */
  dir: string;
  /** The frontend's gRPC port; PostgreSQL, the other services and the Web UI take the ones after it. */
  basePort: number;
  namespace?: string;
  /** How long Temporal keeps a closed workflow's history. */
  retentionDays?: number;
  /** Start the Web UI server too (built on first use). */
  ui?: boolean;
  /** mTLS on the frontend. */
  tls?: TlsFiles;
  /** Connects for set-up; needed with `tls`. */
  connect?: (address: string) => Promise<Connection>;
  say?: (line: string) => void;
}

export interface Cluster {
  address: string;
  namespace: string;
  uiUrl: string | null;
  /** Why there is no Web UI, when there is none. */
  uiMissing: string | null;
  postgres: Postgres;
  server: TemporalServer;
  /** Stops and starts the Temporal server process (`hard`: SIGKILL). */
  restartServer(o?: { hard?: boolean; downMs?: number }): Promise<void>;
  /** Stops and starts PostgreSQL under the running server (`immediate`: as a crash would). */
  restartPostgres(o?: { mode?: 'fast' | 'immediate'; downMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The frontend's port opens before it serves: connect again until it answers (2 minutes at most). */
async function connectWhenServing(connect: () => Promise<Connection>): Promise<Connection> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      return await connect();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await pause(1000);
    }
  }
}

/**
 * Temporal on PostgreSQL with no container engine: a private PostgreSQL 15 cluster, the schemas
 * set up by Temporal's SQL tool, the server built from the Go module proxy running all four
 * services in one process, the namespace with its retention and search attributes, and the
 * Web UI server when it can be had.
 */
export async function startCluster(o: ClusterOptions): Promise<Cluster> {
  const say = o.say ?? ((l: string) => console.error(`[cluster] ${l}`));
  const namespace = o.namespace ?? 'default';
  mkdirSync(o.dir, { recursive: true });
  const bin = ensureServerBinaries();
  const ports = clusterPorts(o.basePort);
  const pgPort = o.basePort + CLUSTER_PORT_SPAN - 1;
  const postgres = privatePostgres(join(o.dir, 'postgres'), pgPort);
  const server = temporalServer({ bin, pg: postgres, dir: join(o.dir, 'temporal'), ports, ...(o.tls ? { tls: o.tls } : {}) });
  try {
    postgres.start();
    say(`PostgreSQL 15 on 127.0.0.1:${pgPort} (data in ${postgres.dataDir})`);
    setupSchemas(bin, postgres);
    say('schemas temporal and temporal_visibility up to date');
    await server.start();
    const connection = await connectWhenServing(() => (o.connect ? o.connect(server.address) : Connection.connect({ address: server.address })));
    try {
      await registerNamespace(connection, namespace, o.retentionDays ?? 7);
    } finally {
      await connection.close();
    }
  } catch (err) {
    // Half a cluster is no use to anyone: stop what was started before saying why.
    await server.stop(true);
    postgres.stop('immediate');
    throw err;
  }
  say(`Temporal server ${server.address}, namespace ${namespace} (retention ${o.retentionDays ?? 7} days, search attributes registered)`);

  let ui: ChildProcess | null = null;
  let uiUrl: string | null = null;
  let uiMissing: string | null = null;
  if (o.ui) {
    const built = ensureUiServer();
    if (built.path === null) {
      uiMissing = built.why;
      say(`no Web UI: ${built.why}`);
    } else if (o.tls) {
      uiMissing = 'the Web UI is not started on a TLS cluster';
    } else {
      const uiDir = join(o.dir, 'ui');
      mkdirSync(join(uiDir, 'config'), { recursive: true });
      writeFileSync(join(uiDir, 'config', 'development.yaml'), [
        `temporalGrpcAddress: ${server.address}`, 'host: 127.0.0.1', `port: ${ports.ui}`, 'enableUi: true',
        `defaultNamespace: ${namespace}`, 'notifyOnNewVersion: false', 'cors:', '  cookieInsecure: true', '',
      ].join('\n'));
      const out = createWriteStream(join(o.dir, 'ui-server.log'), { flags: 'a' });
      ui = spawn(built.path, ['--root', uiDir, '--config', 'config', '--env', 'development', 'start'], { stdio: ['ignore', 'pipe', 'pipe'] });
      ui.stdout!.pipe(out);
      ui.stderr!.pipe(out);
      await waitForPort('127.0.0.1', ports.ui, 30_000);
      uiUrl = `http://127.0.0.1:${ports.ui}`;
      say(`Temporal Web UI at ${uiUrl}`);
    }
  }

  return {
    address: server.address, namespace, uiUrl, uiMissing, postgres, server,
    async restartServer({ hard = false, downMs = 0 } = {}) {
      await server.stop(hard);
      await pause(downMs);
      await server.start();
    },
    async restartPostgres({ mode = 'fast', downMs = 0 } = {}) {
      postgres.stop(mode);
      await pause(downMs);
      postgres.start();
    },
    async stop() {
      if (ui && ui.exitCode === null) {
        const gone = new Promise((r) => ui!.once('exit', r));
        ui.kill('SIGTERM');
        await gone;
      }
      await server.stop();
      postgres.stop();
    },
  };
}
