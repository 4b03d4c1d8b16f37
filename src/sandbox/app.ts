import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createActors, type Actors, type DemoOptions } from './actors.js';
import { Faults } from './faults.js';
import { HttpError } from './http-errors.js';
import type { SandboxContext } from './routes/context.js';
import { faultRoutes } from './routes/faults.js';
import { documentRoutes } from './routes/documents.js';
import { inboxRoutes } from './routes/inbox.js';
import { inventoryRoutes } from './routes/inventory.js';
import { orderRoutes } from './routes/orders.js';
import { consolidatedOrderRoutes } from './routes/consolidated-orders.js';
import { quoteRoutes } from './routes/quotes.js';
import type { SandboxStore } from './store.js';

export interface SandboxOptions {
  store: SandboxStore;
  /** Length of a business day in ms; lead times, quote validity and demo timers scale with it. */
  dayMs: number;
  /** Suppliers and a warehouse that act on their own, calling the agent service. */
  demo?: DemoOptions;
  /** Actors made by the caller (a simulation that ticks them itself), instead of ones from `demo`. */
  actors?: Actors;
  logger?: boolean | FastifyBaseLogger;
  /**
   * Business days of daily consumption the inventory reports beside the average, for the agent's
   * forecast and service-level policy (src/domain/demand.ts). Unset or 0: the average only, as an
   * ERP that keeps no movement history per day reports.
   */
  demandHistoryDays?: number;
  /** The world's clock; wall time unless a simulation drives it. */
  clock?: () => number;
}

/** The demand history the sandbox run on its own (npm start, the stand-alone server) reports: about three months. */
export const SANDBOX_DEMAND_HISTORY_DAYS = 60;

/** The world the agent talks to, as an HTTP service over one SQLite file. Does not listen. */
export function buildSandbox({ store, dayMs, demo, actors: given, logger = false, demandHistoryDays = 0, clock = Date.now }: SandboxOptions): FastifyInstance {
  const app = (
    typeof logger === 'boolean' ? Fastify({ logger }) : Fastify({ loggerInstance: logger })
  ) as FastifyInstance;
  const faults = new Faults();
  const actors = given ?? (demo ? createActors(store, dayMs, demo, app.log, clock) : null);
  const ctx: SandboxContext = { store, dayMs, now: clock, faults, actors, demandHistoryDays };

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
  consolidatedOrderRoutes(app, ctx);
  inboxRoutes(app, ctx);
  faultRoutes(app, ctx);
  documentRoutes(app, ctx);

  if (actors) {
    app.addHook('onReady', async () => actors.start());
    app.addHook('onClose', async () => actors.stop());
  }
  return app;
}
