import { jsonApi, randomPort as port, senders } from './http.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { SignJWT } from 'jose';
import { ready, spawnRole, type RoleProcess } from '../../bench/cluster/roles.js';
import { loadConfig } from '../../src/config.js';
import { SEEDED_SUPPLIERS } from '../../src/sandbox/seed.js';
import { temporalConnectionOptions } from '../../src/temporal/connection.js';
import { afterThisTest, startSandbox, type Cleanup } from './sandbox.js';
import { TEST_ISSUER } from './stack.js';

const secret = () => randomBytes(24).toString('hex');

export interface FleetOptions {
  /** The Temporal frontend every process connects to. */
  address: string;
  namespace?: string;
  workers: number;
  apis: number;
  /** More settings for every process (DAY_MS, TLS, ...). */
  env?: Record<string, string>;
  cleanup?: Cleanup;
}

let skuCounter = 0;

/**
 * The production shape on loopback: the sandbox world, and `workers` worker processes and `apis`
 * API processes (`npm run worker` / `npm run api`) against one Temporal frontend, on a task queue
 * of their own. Shaped like a Stack for the steps of test/scenarios/story.ts.
 */
export async function startFleet(o: FleetOptions) {
  const cleanup = o.cleanup ?? afterThisTest;
  const logDir = mkdtempSync(join(tmpdir(), 'replenisher-fleet-'));
  const dayMs = Number(o.env?.DAY_MS ?? 86_400_000);
  const sandbox = await startSandbox({ dayMs, cleanup });
  const managerToken = `tok-${secret()}`;
  const jwtSecret = secret();
  const supplierSecrets = Object.fromEntries(SEEDED_SUPPLIERS.map((s) => [s, secret()]));
  const warehouseSecret = secret();
  const namespace = o.namespace ?? 'default';
  const taskQueue = `tq-${randomUUID()}`;
  const env = {
    TEMPORAL_ADDRESS: o.address, TEMPORAL_NAMESPACE: namespace, TEMPORAL_TASK_QUEUE: taskQueue,
    WORLD_URL: sandbox.url, MANAGER_TOKENS: `dana:${managerToken}`, JWT_SECRET: jwtSecret, JWT_ISSUER: TEST_ISSUER,
    SUPPLIER_SECRETS: Object.entries(supplierSecrets).map(([s, k]) => `${s}:${k}`).join(','),
    WAREHOUSE_SECRET: warehouseSecret, RATE_LIMIT_PER_MINUTE: '1000000', ...o.env,
  };
  const processes: RoleProcess[] = [];
  const spawn = (role: 'worker' | 'api', name: string, extra: Record<string, string> = {}) => {
    const p = spawnRole(role, { name, port: port(), metricsPort: role === 'worker' ? port() : 0, env: { ...env, ...extra }, logFile: join(logDir, `${name}.log`) });
    processes.push(p);
    return p;
  };
  const workers = Array.from({ length: o.workers }, (_, i) => spawn('worker', `worker-${i + 1}`));
  const apis = Array.from({ length: o.apis }, (_, i) => spawn('api', `api-${i + 1}`));
  // The test's client connects as the roles do (TLS, API key from the same settings).
  const connection = await Connection.connect(temporalConnectionOptions(loadConfig(env).env, o.address));
  const client = new Client({ connection, namespace });
  cleanup(async () => {
    await Promise.all(processes.map((p) => p.kill()));
    await connection.close();
    rmSync(logDir, { recursive: true, force: true });
  });
  await Promise.all([...workers, ...apis].map((p) => ready(p)));
  const apiUrl = apis[0]!.url;

  const api = jsonApi(apiUrl);
  const { authed } = senders(api, { supplierSecrets, warehouseSecret }, managerToken);
  async function tokenFor(sub: string) {
    return new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer(TEST_ISSUER).setIssuedAt()
      .setExpirationTime('10m').sign(new TextEncoder().encode(jwtSecret));
  }
  function newSku() {
    skuCounter += 1;
    const sku = `F${process.pid}-${skuCounter}-${randomUUID().slice(0, 6)}`;
    sandbox.store.setStock(sku, { onHand: 10, safetyStock: 20, targetLevel: 100 });
    sandbox.store.addCatalogueEntry({ sku, supplier: 'acme-industrial', basePrice: 5.1, moq: 10, leadTimeDays: 5 });
    sandbox.store.addCatalogueEntry({ sku, supplier: 'quickparts', basePrice: 6.4, moq: 5, leadTimeDays: 1 });
    return sku;
  }
  /** The worker process that ran this workflow's last task (its identity is `<pid>@<host>`). */
  async function workerOf(workflowId: string): Promise<RoleProcess | undefined> {
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    const last = [...(history.events ?? [])].reverse().find((e) => e.workflowTaskCompletedEventAttributes?.identity);
    const pid = Number(last?.workflowTaskCompletedEventAttributes?.identity?.split('@')[0]);
    return workers.find((w) => w.child.pid === pid);
  }

  return {
    workers, apis, spawn, env, taskQueue, client, sandbox, world: sandbox.world, api, authed, tokenFor, managerToken, newSku, workerOf, logDir,
  };
}

export type Fleet = Awaited<ReturnType<typeof startFleet>>;
