import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createActors, type DemoOptions } from './actors.js';
import { Faults } from './faults.js';
import { HttpError } from './http-errors.js';
import type { SandboxContext } from './routes/context.js';
import { faultRoutes } from './routes/faults.js';
import { documentRoutes } from './routes/documents.js';
import { inboxRoutes } from './routes/inbox.js';
import { inventoryRoutes } from './routes/inventory.js';
import { orderRoutes } from './routes/orders.js';
import { quoteRoutes } from './routes/quotes.js';
import type { SandboxStore } from './store.js';

export interface SandboxOptions {
  store: SandboxStore;
  /** Length of a business day in ms; lead times, quote validity and demo timers scale with it. */
  dayMs: number;
  /** Suppliers and a warehouse that act on their own, calling the agent service. */
  demo?: DemoOptions;
  logger?: boolean | FastifyBaseLogger;
}

/** The world the agent talks to, as an HTTP service over one SQLite file. Does not listen. */
export function buildSandbox({ store, dayMs, demo, logger = false }: SandboxOptions): FastifyInstance {
  const app = (
    typeof logger === 'boolean' ? Fastify({ logger }) : Fastify({ loggerInstance: logger })
  ) as FastifyInstance;
  const faults = new Faults();
  const actors = demo ? createActors(store, dayMs, demo, app.log) : null;
  const ctx: SandboxContext = { store, dayMs, faults, actors };

  app.setErrorHandler((error: Error & { statusCode?: number }, req, reply) => {
    const status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    if (status >= 500) {
      req.log.error({ err: error }, 'sandbox error');
      return reply.code(status).send({ error: 'internal sandbox error' });
    }
    return reply.code(status).send({ error: error.message });
  });
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ error: `no route ${req.method} ${req.url}` }));
  app.addHook('onSend', faults.dropper);

  app.get('/health', async () => ({ ok: true }));
  inventoryRoutes(app, ctx);
  quoteRoutes(app, ctx);
  orderRoutes(app, ctx);
  inboxRoutes(app, ctx);
  faultRoutes(app, ctx);
  documentRoutes(app, ctx);

  if (actors) {
    app.addHook('onReady', async () => actors.start());
    app.addHook('onClose', async () => actors.stop());
  }
  return app;
}
