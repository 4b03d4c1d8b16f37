import Fastify, { type FastifyInstance } from 'fastify';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import type { Rules } from '../domain/rules.js';
import type { World } from '../domain/world.js';
import { Agents } from './agents.js';
import { HttpError } from './errors.js';
import { agentRoutes } from './routes-agents.js';
import { messageRoutes } from './routes-messages.js';

export interface Health {
  ok: boolean;
  parts: Record<string, { ok: boolean; detail?: string }>;
}

export interface AppDeps {
  client: Client;
  world: World;
  taskQueue: string;
  rules: Rules;
  health?: () => Promise<Health>;
  logger?: Logger | boolean;
  bodyLimit?: number;
}

/** The REST API, without listening: tests and the server both build it here. */
export function buildApp(deps: AppDeps): FastifyInstance {
  const app: FastifyInstance = Fastify({
    ...(typeof deps.logger === 'object' ? { loggerInstance: deps.logger } : { logger: deps.logger ?? false }),
    bodyLimit: deps.bodyLimit ?? 6 * 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  }) as unknown as FastifyInstance;
  const agents = new Agents(deps.client, deps.taskQueue, deps.rules);

  app.setErrorHandler((err: unknown, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.status).headers(err.headers).send({ error: err.message });
    }
    const e = err as { statusCode?: number; message?: string };
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.code(e.statusCode).send({ error: e.message ?? 'bad request' });
    }
    req.log.error({ err }, 'request failed');
    return reply.code(503).send({ error: 'the service could not reach a dependency; try again' });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `no route ${req.method} ${req.url}` }));

  app.get('/health', async (_req, reply) => {
    const health = deps.health ? await deps.health() : { ok: true, parts: {} };
    return reply.code(health.ok ? 200 : 503).send(health);
  });

  agentRoutes(app, agents, deps.world);
  messageRoutes(app, agents);
  return app;
}
