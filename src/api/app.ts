import Fastify, { type FastifyInstance } from 'fastify';
import type { Client } from '@temporalio/client';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { currencyOf, type Rules } from '../domain/rules.js';
import type { World } from '../domain/world.js';
import { createMetrics, type Metrics } from '../metrics.js';
import type { PurchaseRecords } from '../records/store.js';
import { Agents } from './agents.js';
import { answerErrors, frameworkErrors, MAX_PARAM_LENGTH } from './errors.js';
import { waitForHandlersOnClose } from './in-flight.js';
import { openApi } from './openapi.js';
import type { Health } from './responses.js';
import { agentRoutes } from './routes-agents.js';
import { agreementRoutes } from './routes-agreements.js';
import { inboundMailRoutes } from './routes-inbound-mail.js';
import { messageRoutes } from './routes-messages.js';
import { agentFigures, operationRoutes } from './routes-operations.js';
import { purchaseOrderRoutes } from './routes-purchase-orders.js';
import { repairRoutes, withStuckRuns, type RepairDeps } from './routes-repair.js';
import { uiRoutes } from './routes-ui.js';
import { approvalLinkRoutes } from './routes-approval-links.js';
import { slackRoutes } from './routes-slack.js';
import { secureApp, type Security } from './security.js';
import { bundleWorkflows } from '../worker.js';
import { stuckRuns } from '../repair/stuck-runs.js';
import type { InboundMailSettings } from '../mail/settings.js';

export interface AppDeps {
  client: Client;
  world: World;
  taskQueue: string;
  rules: Rules;
  /** The purchasing record, which answers for POs after Temporal's retention deleted their runs. */
  records: PurchaseRecords;
  /** Liveness of every part, for /health; /ready reads its temporal and worker parts. Without it both say ok. */
  health?: () => Promise<Health>;
  /** The parts of `health` that /ready waits for; default Temporal and the worker. */
  readiness?: readonly string[];
  /** Shared with the worker's activities so /metrics shows both; without it the API keeps its own. */
  metrics?: Metrics;
  logger?: Logger | boolean;
  /** Bytes of a request body; default 1 MiB (supplier replies have their own, larger limit). */
  bodyLimit?: number;
  security: Security;
  /** Where engineers open a workflow in the Temporal Web UI; default http://localhost:8233. */
  temporalUiUrl?: string;
  /** Stuck runs and the code to replay them with; by default this process's list and a bundle made on first use. */
  repair?: Partial<Omit<RepairDeps, 'client'>>;
  /** When a message arrives, as the agents record it; wall time unless a simulation moves the clock (npm run eval:year). */
  clock?: () => number;
  /** Supplier mail from a provider's inbound-parse webhook (docs/email.md); without it, POST /inbound-mail answers 401. */
  inboundMail?: InboundMailSettings;
}

let bundled: ReturnType<typeof bundleWorkflows> | undefined;
const bundleOnce = async () => ({ code: (await (bundled ??= bundleWorkflows())).code });

/** A hop count trusts that many proxies nearest the server. */
const trustProxyOf = (t: boolean | number | string[]) => (typeof t === 'number' ? (_address: string, hop: number) => hop < t : t);

/** The REST API, without listening: tests and the server both build it here. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app: FastifyInstance = Fastify({
    ...(typeof deps.logger === 'object' ? { loggerInstance: deps.logger } : { logger: deps.logger ?? false }),
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    frameworkErrors,
    ...(deps.security.trustProxy !== undefined ? { trustProxy: trustProxyOf(deps.security.trustProxy) } : {}),
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  waitForHandlersOnClose(app);
  const agents = new Agents(deps.client, deps.taskQueue, deps.rules, deps.clock, (id) => deps.records.get(id));
  // Before any route: it lists every route added from here on, at /openapi.json and /docs.
  openApi(app, { title: 'stock-replenisher', version: '0.1.0', description: 'Durable purchasing agents per SKU: agents, purchase orders, approvals, supplier replies, receipts.' }, { requireAuth: deps.security.operationsRequireAuth ?? false });
  const metrics = deps.metrics ?? createMetrics();
  metrics.readAgents(() => agentFigures(agents, async () => (await deps.world.inventory()).map((i) => i.sku), deps.records.waiting));
  answerErrors(app);

  secureApp(app, deps.security);

  // Routes go in here, after the edge's plugins: only routes registered after the rate limit get it.
  app.register(async (scope) => {
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const repair: RepairDeps = { client: deps.client, bundle: deps.repair?.bundle ?? bundleOnce, stuck: deps.repair?.stuck ?? stuckRuns };
    operationRoutes(api, {
      metrics, metricsRequireAuth: deps.security.operationsRequireAuth ?? false, withProblems: withStuckRuns(repair),
      ...(deps.health ? { health: deps.health } : {}), ...(deps.readiness ? { readiness: deps.readiness } : {}),
    });
    repairRoutes(api, repair);
    agentRoutes(api, agents, deps.world, deps.rules, deps.records.waiting);
    messageRoutes(api, agents, deps.world, deps.records);
    inboundMailRoutes(api, agents, deps.world, deps.records, deps.inboundMail, deps.rules.manager);
    purchaseOrderRoutes(api, agents, deps.records, deps.rules);
    agreementRoutes(api, {
      ledger: deps.records.agreements, world: deps.world, currency: currencyOf(deps.rules),
      // A supplier that signs its replies, or one whose mail is taken: either can be bought from.
      suppliers: [...new Set([...Object.keys(deps.security.supplierSecrets), ...Object.keys(deps.inboundMail?.directory ?? {})])],
      clock: deps.clock ?? Date.now,
    });
    const links = { agents, records: deps.records, signer: deps.security.approvalLinks, managerLimits: deps.security.managerLimits ?? {}, currency: currencyOf(deps.rules) };
    approvalLinkRoutes(api, links);
    slackRoutes(api, { ...links, slack: deps.security.slack });
    uiRoutes(api, { client: deps.client, temporalUiUrl: deps.temporalUiUrl, currency: currencyOf(deps.rules) });
  });
  return app;
}
