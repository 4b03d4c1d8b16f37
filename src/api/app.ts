import Fastify, { type FastifyInstance } from 'fastify';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { Rules } from '../domain/rules.js';
import type { World } from '../domain/world.js';
import { Agents } from './agents.js';
import { HttpError } from './errors.js';
import { waitForHandlersOnClose } from './in-flight.js';
import { createMetrics, type Metrics } from '../metrics.js';
import { openApi } from './openapi.js';
import { agentRoutes } from './routes-agents.js';
import { messageRoutes } from './routes-messages.js';
import { agentFigures, operationRoutes } from './routes-operations.js';
import { purchaseOrderRoutes } from './routes-purchase-orders.js';
import { uiRoutes } from './routes-ui.js';
import { secureApp, type Security } from './security.js';

export interface Health {
  ok: boolean;
  parts: Record<string, { ok: boolean; detail?: string }>;
}

export interface AppDeps {
  client: Client;
  world: World;
  taskQueue: string;
  rules: Rules;
  /** Liveness of every part, for /health; /ready reads its temporal and worker parts. Without it both say ok. */
  health?: () => Promise<Health>;
  /** Shared with the worker's activities so /metrics shows both; without it the API keeps its own. */
  metrics?: Metrics;
  logger?: Logger | boolean;
  /** Bytes of a request body; default 1 MiB (supplier replies have their own, larger limit). */
  bodyLimit?: number;
  security: Security;
}

/** The REST API, without listening: tests and the server both build it here. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app: FastifyInstance = Fastify({
    ...(typeof deps.logger === 'object' ? { loggerInstance: deps.logger } : { logger: deps.logger ?? false }),
    bodyLimit: deps.bodyLimit ?? 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }) as unknown as FastifyInstance;
  waitForHandlersOnClose(app);
  const agents = new Agents(deps.client, deps.taskQueue, deps.rules);
  // Before any route: it lists every route added from here on, at /openapi.json and /docs.
  openApi(app, { title: 'stock-replenisher', version: '0.1.0', description: 'Durable purchasing agents per SKU: agents, purchase orders, approvals, supplier replies, receipts.' });
  const metrics = deps.metrics ?? createMetrics();
  metrics.readAgents(() => agentFigures(agents, deps.world));

  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.status).headers(err.headers).send({ error: err.message });
    }
    const e = err as { statusCode?: number; message?: string; code?: string };
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send({ error: `the request body is larger than the limit of ${req.routeOptions.bodyLimit} bytes` });
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode).send({ error: e.message ?? 'bad request' });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(503).send({ error: 'the service could not reach a dependency; try again' });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `no route ${req.method} ${req.url}` }));

  secureApp(app, deps.security);

  // Routes go in here, after the edge's plugins: only routes registered after the rate limit get it.
  app.register(async (api) => {
    api.get('/health', {
      config: {
        auth: 'none', rateLimit: false,
        docs: { summary: 'Health of every part: Temporal, worker, world', tags: ['operations'], responses: { 200: 'all parts up', 503: 'a part is down' } },
      },
    }, async (_req, reply) => {
      const health = deps.health ? await deps.health() : { ok: true, parts: {} };
      return reply.code(health.ok ? 200 : 503).send(health);
    });

    agentRoutes(api, agents, deps.world);
    messageRoutes(api, agents, deps.world);
    purchaseOrderRoutes(api, agents);
    operationRoutes(api, { metrics, ...(deps.health ? { health: deps.health } : {}) });
    uiRoutes(api, { client: deps.client, temporalUiUrl: deps.temporalUiUrl });
  });
  return app;
}
