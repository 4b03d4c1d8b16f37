import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { DefaultLogger, NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import { inject } from 'vitest';
import { createActivities } from '../../src/activities/index.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { Decider } from '../../src/activities/contract.js';
import { buildApp } from '../../src/api/app.js';
import { agentId } from '../../src/api/agents.js';
import { Rules } from '../../src/domain/rules.js';
import { createWorker } from '../../src/worker.js';
import { afterThisTest, startSandbox, type Cleanup } from './sandbox.js';

export type TemporalKind = 'dev' | 'time-skipping';

export interface StackOptions {
  temporal: TemporalKind;
  rules?: Partial<Rules>;
  decider?: Decider;
  /** Leave the worker out, to run it in another process. */
  inProcessWorker?: boolean;
  /** How to register clean-up; by default when the test ends (pass afterAll's for a shared stack). */
  cleanup?: Cleanup;
}

let skuCounter = 0;
let runtimeInstalled = false;

/**
 * Everything a scenario needs, for real: a Temporal server, a worker with the production
 * activities, the sandbox world over HTTP, and the REST API on a loopback port.
 */
export async function startStack(opts: StackOptions) {
  if (!runtimeInstalled) {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    runtimeInstalled = true;
  }
  const rules = Rules.parse(opts.rules ?? {});
  const taskQueue = `tq-${randomUUID()}`;
  const cleanup = opts.cleanup ?? afterThisTest;
  const sandbox = await startSandbox({ dayMs: rules.dayMs, cleanup });
  const cleanups: (() => Promise<unknown> | unknown)[] = [];

  let client: Client;
  let connection: NativeConnection;
  let env: TestWorkflowEnvironment | undefined;
  let address: string;
  if (opts.temporal === 'time-skipping') {
    env = await TestWorkflowEnvironment.createTimeSkipping({
      server: { executable: { type: 'existing-path', path: inject('testServerPath') } },
    });
    client = env.client;
    connection = env.nativeConnection;
    address = (env.connection as unknown as { options: { address: string } }).options.address;
    cleanups.push(() => env!.teardown());
  } else {
    address = inject('temporalAddress');
    const conn = await Connection.connect({ address });
    client = new Client({ connection: conn });
    connection = await NativeConnection.connect({ address });
    cleanups.push(() => conn.close(), () => connection.close());
  }

  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  const startWorker = async () => {
    worker = await createWorker({
      connection,
      taskQueue,
      activities: createActivities({ world: sandbox.world, reader: patternReader, decider: opts.decider ?? policyDecider }),
      workflowBundle: { codePath: inject('workflowBundlePath') },
    });
    running = worker.run();
  };
  const stopWorker = async () => {
    if (worker && worker.getState() === 'RUNNING') worker.shutdown();
    await running;
    worker = undefined;
  };
  if (opts.inProcessWorker !== false) await startWorker();

  const app = buildApp({ client, world: sandbox.world, taskQueue, rules });
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const stop = async () => {
    await app.close();
    await stopWorker();
    for (const c of cleanups.reverse()) await c();
  };
  cleanup(stop);

  async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(apiUrl + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  }

  /** A SKU of this test alone (the Temporal server is shared), below safety stock unless told. */
  function newSku(levels = { onHand: 10, safetyStock: 20, targetLevel: 100 }, offers?: { supplier: string; basePrice: number; moq: number; leadTimeDays: number }[]) {
    skuCounter += 1;
    const sku = `T${process.pid}-${skuCounter}-${randomUUID().slice(0, 6)}`;
    sandbox.store.setStock(sku, levels);
    for (const o of offers ?? [
      { supplier: 'acme-industrial', basePrice: 5.1, moq: 10, leadTimeDays: 5 },
      { supplier: 'quickparts', basePrice: 6.4, moq: 5, leadTimeDays: 1 },
    ]) sandbox.store.addCatalogueEntry({ sku, ...o });
    return sku;
  }

  const agent = (sku: string) => client.workflow.getHandle(agentId(sku));

  return {
    rules, taskQueue, client, env, address, sandbox, world: sandbox.world, apiUrl, api, newSku, agent,
    startWorker, stopWorker, stop,
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Polls until `probe` returns a value `ok` accepts; fails with the last value seen. */
export async function eventually<T>(probe: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await probe();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(last)?.slice(0, 2000)}`);
}
