import { jsonApi, senders } from './http.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { dirname } from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { SignJWT } from 'jose';
import { afterAll, inject } from 'vitest';
import { createActivities } from '../../src/activities/index.js';
import { supplierDesks } from '../../src/activities/supplier-desks.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { Decider } from '../../src/activities/contract.js';
import type { ReplyReader } from '../../src/domain/world.js';
import { buildApp } from '../../src/api/app.js';
import { agentId } from '../../src/domain/ids.js';
import type { Security } from '../../src/api/security.js';
import { currencyOf, Rules } from '../../src/domain/rules.js';
import { createMetrics } from '../../src/metrics.js';
import { createWorker } from '../../src/worker.js';
import { withNotifyWebhook } from '../../src/world/webhook.js';
import { withApprovalLinks } from '../../src/world/approval-links.js';
import { openRecords } from '../../src/records/store.js';
import { recordsLocation } from '../../src/records/database.js';
import { afterThisTest, startSandbox, tempFile, type Cleanup } from './sandbox.js';
import { installRuntime } from './runtime.js';
import { startTimeSkipping } from './time-skipping.js';
import type { SandboxStore } from '../../src/sandbox/store.js';
import { MailLog } from '../../src/mail/log.js';
import { withSupplierMail, type SupplierMailOptions } from '../../src/mail/outgoing.js';
import type { InboundMailSettings } from '../../src/mail/settings.js';

export type TemporalKind = 'dev' | 'time-skipping';

export interface StackOptions {
  temporal: TemporalKind;
  rules?: Partial<Rules>;
  /** Days of daily consumption the sandbox's inventory reports (its demand history); none unless given. */
  demandHistoryDays?: number;
  decider?: Decider;
  /** Reads supplier replies; the pattern reader unless given. */
  reader?: ReplyReader;
  /** Leave the worker out, to run it in another process. */
  inProcessWorker?: boolean;
  /** How to register clean-up; by default when the test ends (pass afterAll's for a shared stack). */
  cleanup?: Cleanup;
  /** Replaces parts of the API's secrets and limits. */
  security?: Partial<Security>;
  /** Notifications to people also go to this webhook (as NOTIFY_WEBHOOK_URL does). */
  notifyWebhookUrl?: string;
  /** The purchasing record's database: PostgreSQL at this URL (test/support/postgres.ts), else an SQLite file of the stack's own. */
  databaseUrl?: string;
  /** With `time-skipping`: a server the file shares (test/support/time-skipping.ts), left running when the stack stops; else one of the stack's own. */
  server?: Promise<TestWorkflowEnvironment>;
  /** Mail to suppliers through this transport (as SMTP_URL does), and the inbound-mail webhook's settings (as INBOUND_MAIL_SECRET does). */
  mail?: { outgoing?: Pick<SupplierMailOptions, 'transport' | 'from' | 'directory'>; inbound?: InboundMailSettings };
}

export const TEST_ISSUER = 'stock-replenisher-tests';
const secret = () => randomBytes(24).toString('hex');

/** A manager token, a JWT issuer and supplier secrets of one stack; no rate limit to speak of. */
function testSecurity(overrides: Partial<Security> = {}): Security {
  return {
    managerTokens: { dana: `tok-${secret()}` },
    jwt: { secret: secret(), issuer: TEST_ISSUER },
    supplierSecrets: { 'acme-industrial': secret(), quickparts: secret(), 'budget-supply': secret() },
    warehouseSecret: secret(),
    rateLimitPerMinute: 1_000_000,
    ...overrides,
  };
}

let skuCounter = 0;

/**
 * Everything a scenario needs, for real: a Temporal server, a worker with the production
 * activities, the sandbox world over HTTP, and the REST API on a loopback port.
 */
export async function startStack(opts: StackOptions) {
  installRuntime();
  const rules = Rules.parse(opts.rules ?? {});
  const taskQueue = `tq-${randomUUID()}`;
  const cleanup = opts.cleanup ?? afterThisTest;
  const sandbox = await startSandbox({ dayMs: rules.dayMs, cleanup, demandHistoryDays: opts.demandHistoryDays });
  const cleanups: (() => Promise<unknown> | unknown)[] = [];
  const recordsAt = recordsLocation({ DATABASE_URL: opts.databaseUrl }, dirname(tempFile(cleanup)));
  const records = await openRecords(recordsAt);
  cleanups.push(() => records.close());

  let client: Client;
  let connection: NativeConnection;
  let env: TestWorkflowEnvironment | undefined;
  let address: string;
  if (opts.temporal === 'time-skipping') {
    env = await (opts.server ?? startTimeSkipping((stop) => { cleanups.push(stop); }));
    client = env.client;
    connection = env.nativeConnection;
    address = (env.connection as unknown as { options: { address: string } }).options.address;
  } else {
    address = inject('temporalAddress');
    const conn = await Connection.connect({ address });
    client = new Client({ connection: conn });
    connection = await NativeConnection.connect({ address });
    cleanups.push(() => conn.close(), () => connection.close());
  }

  // One registry for the worker's activities and the API, as in src/main.ts; agent figures read fresh on every scrape.
  const metrics = createMetrics({ agentFiguresTtlMs: 0 });
  const security = testSecurity(opts.security);
  const notifying = opts.notifyWebhookUrl ? withNotifyWebhook(sandbox.world, { url: opts.notifyWebhookUrl }) : sandbox.world;
  // As src/startup/world.ts: with approval links configured, approval requests carry them.
  const linked = security.approvalLinks ? withApprovalLinks(notifying, security.approvalLinks, currencyOf(rules)) : notifying;
  const activityWorld = opts.mail?.outgoing
    ? withSupplierMail(linked, { ...opts.mail.outgoing, log: new MailLog(records.db), currency: currencyOf(rules) })
    : linked;
  let worker: Worker | undefined;
  let running: Promise<void> | undefined;
  /** `configured`: the rules of a redeployed service (by default the stack's); `bundlePath`: its workflow code. */
  const startWorker = async (configured: Rules = rules, bundlePath: string = inject('workflowBundlePath')) => {
    worker = await createWorker({
      connection,
      taskQueue,
      activities: createActivities({ world: activityWorld, reader: opts.reader ?? patternReader, decider: opts.decider ?? policyDecider, metrics, rules: configured, records, desks: supplierDesks(client) }),
      workflowBundle: { codePath: bundlePath },
    });
    running = worker.run();
  };
  const stopWorker = async () => {
    if (worker && worker.getState() === 'RUNNING') worker.shutdown();
    await running;
    worker = undefined;
  };
  if (opts.inProcessWorker !== false) await startWorker(rules);

  const app = buildApp({
    client, world: sandbox.world, taskQueue, rules, security, metrics, records, ...(opts.mail?.inbound ? { inboundMail: opts.mail.inbound } : {}),
    repair: { bundle: async () => ({ codePath: inject('workflowBundlePath') }) },
  });
  const apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });

  const stop = async () => {
    await app.close();
    await stopWorker();
    for (const c of cleanups.reverse()) await c();
  };
  cleanup(stop);

  const api = jsonApi(apiUrl);

  /** A SKU of this test alone (the Temporal server is shared), below safety stock unless told. */
  function newSku(levels = { onHand: 10, safetyStock: 20, targetLevel: 100 }, offers?: Omit<Parameters<SandboxStore['addCatalogueEntry']>[0], 'sku'>[]) {
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

  /** The static token of the stack's manager, dana. */
  const managerToken = Object.values(security.managerTokens)[0]!;

  /** A JWT for this approver, as the configured issuer signs them (claims and header overridable). */
  async function tokenFor(sub: string, opts: { exp?: number | string | null; issuer?: string; alg?: string; secret?: string; claims?: Record<string, unknown> } = {}) {
    const jwt = new SignJWT(opts.claims ?? {}).setProtectedHeader({ alg: opts.alg ?? 'HS256' }).setSubject(sub).setIssuer(opts.issuer ?? TEST_ISSUER).setIssuedAt();
    if (opts.exp !== null) jwt.setExpirationTime(opts.exp ?? '10m');
    return jwt.sign(new TextEncoder().encode(opts.secret ?? security.jwt!.secret));
  }

  const { sign, authed } = senders(api, security, managerToken);

  return {
    rules, taskQueue, client, env, address, sandbox, records, recordsAt, world: sandbox.world, apiUrl, api, newSku, agent,
    startWorker, stopWorker, stop, security, managerToken, tokenFor, sign, authed, app, metrics,
  };
}

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Clean-up for a stack shared by every test of a file (started in beforeAll). */
export const afterThisFile: Cleanup = (fn) => afterAll(async () => { await fn(); });

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

/**
 * Resolves once the workflow (its current run) has completed a workflow task after the last signal
 * it received: everything sent to it so far has been handled. The positive sign a test waits for
 * before it asserts that a message changed nothing.
 */
export async function signalsHandled(handle: WorkflowHandle): Promise<void> {
  await eventually(async () => (await handle.fetchHistory()).events ?? [], (events) => {
    const lastSignal = events.findLastIndex((e) => e.workflowExecutionSignaledEventAttributes);
    return events.slice(lastSignal + 1).some((e) => e.workflowTaskCompletedEventAttributes);
  }, 30_000, 'the workflow to handle its signals');
}
