import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, bundleWorkflowCode } from '@temporalio/worker';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/api/app.js';
import type { Security } from '../../src/api/security.js';
import { signedHeaders, WAREHOUSE } from '../../src/api/signatures.js';
import { Rules } from '../../src/domain/rules.js';
import { buildSandbox } from '../../src/sandbox/app.js';
import { seedCatalogue } from '../../src/sandbox/seed.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { startDevServer, type DevServer } from '../../src/temporal/dev-server.js';
import { bundleWorkflows } from '../../src/worker.js';
import { withDefaultHeap } from '../../src/roles/heap.js';
import { openRecords } from '../../src/records/store.js';
import { recordsLocation } from '../../src/records/database.js';
import { startCluster, type Cluster } from '../cluster/cluster.js';
import { freeClusterBase } from '../cluster/temporal-server.js';
import { fileMB, round } from './measure.js';
import { createWorldClient } from '../../src/world/client.js';
import { queryCountingClient } from '../../test/support/queries.js';

/**
 * The whole service on loopback for the benchmarks and the chaos run, made of the same parts as
 * `npm start` (src/main.ts) but with every part restartable on its own: a Temporal dev server over
 * a SQLite file, the sandbox world, the REST API in this process, and workers in child processes
 * that can be SIGKILLed.
 */

const workerScript = fileURLToPath(new URL('./worker-process.ts', import.meta.url));
const baselinePath = fileURLToPath(new URL('../baseline/index.ts', import.meta.url));
export const SUPPLIERS = ['acme-industrial', 'quickparts', 'budget-supply'] as const;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** A JSON answer, read loosely as the tests read them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface BenchStackOptions {
  dir: string;
  rules?: Partial<Rules>;
  /** A workflow bundle made earlier (the tests' global one); otherwise bundled here. */
  bundlePath?: string;
  /** Environment of the worker processes: tuning (bench/support/tuning.ts), DECIDER. */
  workerEnv?: Record<string, string>;
  /** Use this server instead of starting one (it cannot be restarted then). */
  temporalAddress?: string;
  /** Run on a Temporal cluster on PostgreSQL (bench/cluster) instead of the CLI's dev server on SQLite. */
  cluster?: boolean;
  log?: (line: string) => void;
}

export interface WorkerHandle {
  child: ChildProcess;
  pid: number;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startBenchStack(opts: BenchStackOptions) {
  const say = opts.log ?? (() => {});
  mkdirSync(opts.dir, { recursive: true });
  const rules = Rules.parse(opts.rules ?? {});
  const taskQueue = `bench-${randomUUID().slice(0, 8)}`;
  const dbFile = join(opts.dir, 'temporal.sqlite');

  let server: DevServer | undefined;
  let cluster: Cluster | undefined;
  // Ctrl-C (or a SIGTERM) on a bench or chaos run stops what the run started, workers, Temporal and
  // PostgreSQL, instead of leaving them running with nobody to stop them; before the stack is whole,
  // what is up so far.
  let stopAll = async () => { await server?.stop(); await cluster?.stop(); };
  const interrupted = (signal: NodeJS.Signals) => {
    say(`${signal}: stopping what this run started`);
    void stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let address = opts.temporalAddress ?? '';
  const port = opts.temporalAddress || opts.cluster ? 0 : await freePort();
  const startServer = async () => {
    server = await startDevServer({ port, dbFile, log: say });
    address = server.address;
  };
  if (opts.cluster) {
    const clusterDir = join(opts.dir, 'cluster');
    mkdirSync(clusterDir, { recursive: true });
    // As root, PostgreSQL runs as its own user, who must be able to enter the directory.
    chmodSync(opts.dir, 0o711);
    cluster = await startCluster({ dir: clusterDir, basePort: await freeClusterBase(), say });
    address = cluster.address;
  } else if (!opts.temporalAddress) await startServer();

  const bundlePath = opts.bundlePath ?? join(opts.dir, 'workflows.js');
  const baselineBundlePath = join(opts.dir, 'baseline.js');
  const [agentBundle, baselineBundle] = await Promise.all([
    opts.bundlePath ? null : bundleWorkflows(),
    bundleWorkflowCode({ workflowsPath: baselinePath, logger: new DefaultLogger('WARN') }),
  ]);
  if (agentBundle) writeFileSync(bundlePath, agentBundle.code);
  writeFileSync(baselineBundlePath, baselineBundle.code);

  const records = await openRecords(recordsLocation({}, opts.dir));
  const store = new SandboxStore(join(opts.dir, 'sandbox.sqlite'));
  seedCatalogue(store);
  const sandbox = buildSandbox({ store, dayMs: rules.dayMs });
  const worldUrl = (await sandbox.listen({ port: 0, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
  const world = createWorldClient({ baseUrl: worldUrl, timeoutMs: 5000 });

  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const secret = () => randomBytes(24).toString('hex');
  const security: Security = {
    managerTokens: { bot: `tok-${secret()}` },
    supplierSecrets: Object.fromEntries(SUPPLIERS.map((s) => [s, secret()])),
    warehouseSecret: secret(),
    rateLimitPerMinute: 100_000_000,
  };
  // The API's own client notes each workflow query, so the bench can show which reads ask agents.
  const apiClient = queryCountingClient(connection);
  const app: FastifyInstance = buildApp({ client: apiClient.client, world, taskQueue, rules, security, records });
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const managerToken = security.managerTokens.bot!;

  const workers = new Set<WorkerHandle>();
  /**
   * A worker process on the agents' task queue, the bare baseline's, or the hand-written baseline's
   * (its workflow with the service's activities); resolves once it polls.
   */
  async function startWorker(kind: 'agent' | 'baseline' | 'handwritten' = 'agent', env: Record<string, string> = {}, queue?: string): Promise<WorkerHandle> {
    const merged = { ...process.env, ...opts.workerEnv, ...env };
    const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
      env: {
        ...merged,
        // The heap limit the service's launcher gives (bin/service.js), unless NODE_OPTIONS sets one.
        NODE_OPTIONS: withDefaultHeap(merged.NODE_OPTIONS),
        TEMPORAL_ADDRESS: address, TASK_QUEUE: queue ?? (kind === 'agent' ? taskQueue : `${taskQueue}-${kind}`), WORLD_URL: worldUrl,
        BUNDLE_PATH: kind === 'agent' ? bundlePath : baselineBundlePath, WORKFLOWS: kind, DATA_DIR: opts.dir,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('worker running')) resolve(); });
      child.once('exit', (code) => reject(new Error(`worker process exited with ${code}`)));
    });
    const handle: WorkerHandle = {
      child, pid: child.pid!,
      async kill() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        await exited;
        workers.delete(handle);
      },
      async stop() {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
        workers.delete(handle);
      },
    };
    workers.add(handle);
    return handle;
  }

  async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(apiUrl + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let parsed: Json = null;
    try { parsed = text ? JSON.parse(text) : null; } catch { parsed = text; }
    return { status: res.status, body: parsed };
  }

  /** A POST with the credentials its real sender has: supplier or warehouse signature, else the manager's token. */
  function authed(path: string, body?: unknown, supplier = 'acme-industrial') {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const headers = path.endsWith('/supplier-replies') ? signedHeaders(supplier, security.supplierSecrets[supplier]!, raw)
      : path.endsWith('/receipts') || path.endsWith('/stock-changed') ? signedHeaders(WAREHOUSE, security.warehouseSecret, raw)
        : { authorization: `Bearer ${managerToken}` };
    return api('POST', path, body, headers);
  }

  async function sandboxHttp(method: string, path: string, body?: unknown) {
    const res = await fetch(worldUrl + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  }

  /** A SKU with a catalogue of its own; the cheapest supplier is `cheapest` (policy picks the cheapest). */
  function addSku(sku: string, cheapest: (typeof SUPPLIERS)[number] = 'acme-industrial', levels = { onHand: 500, safetyStock: 20, targetLevel: 100 }) {
    store.setStock(sku, levels);
    for (const supplier of SUPPLIERS) {
      store.addCatalogueEntry({ sku, supplier, basePrice: supplier === cheapest ? 4 : 6 + SUPPLIERS.indexOf(supplier), moq: 10, leadTimeDays: 1 });
    }
  }

  stopAll = stop;

  async function stop() {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await Promise.all([...workers].map((w) => w.kill()));
    await app.close();
    await connection.close();
    await sandbox.close();
    store.close();
    await records.close();
    await server?.stop();
    await cluster?.stop();
  }

  return {
    rules, taskQueue, baselineTaskQueue: `${taskQueue}-baseline`, handwrittenTaskQueue: `${taskQueue}-handwritten`, client, connection, apiUrl, worldUrl, world, store, security, managerToken,
    bundlePath, records,
    /** Workflow queries the API has sent so far. */
    apiQueries: () => apiClient.queries.length,
    get address() { return address; },
    /** What Temporal runs on, in the figures' words. */
    serverKind: cluster ? 'Temporal server v1.29.1 on PostgreSQL 15 (bench/cluster)' : 'Temporal CLI dev server (SQLite file)',
    /** The Temporal server's pid: the cluster's server process, or the dev server's from its pid file. */
    get serverPid(): number | null {
      if (cluster) return cluster.server.process()?.pid ?? null;
      try { return Number(readFileSync(join(opts.dir, 'temporal.pid'), 'utf8')) || null; } catch { return null; }
    },
    /** PostgreSQL's postmaster on a cluster (its backends are its children); null on the dev server. */
    get postgresPid(): number | null { return cluster?.postgres.pid() ?? null; },
    /** Size of Temporal's data: the SQLite file, or PostgreSQL's data directory. */
    databaseMB(): number {
      if (!cluster) return fileMB(dbFile, `${dbFile}-wal`, `${dbFile}-shm`);
      const du = spawnSync('du', ['-sk', cluster.postgres.dataDir], { encoding: 'utf8' });
      return round(Number(du.stdout.split('\t')[0]) / 1024, 1);
    },
    startWorker, api, authed, sandboxHttp, addSku, stop,
    /** Stops the Temporal server (SIGKILLed on a cluster) and starts it again on the same port and data. */
    async restartServer() {
      if (cluster) return cluster.restartServer({ hard: true, downMs: 1000 });
      if (!server) throw new Error('the stack does not own its Temporal server');
      await server.stop();
      await startServer();
    },
    /** On a cluster: PostgreSQL crashes (immediate stop) and starts again under the running server; null without one. */
    restartPostgres: cluster ? () => cluster!.restartPostgres({ mode: 'immediate', downMs: 2000 }) : null,
  };
}

export type BenchStack = Awaited<ReturnType<typeof startBenchStack>>;

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
