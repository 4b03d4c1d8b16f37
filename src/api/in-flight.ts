import type { FastifyInstance } from 'fastify';

/**
 * Makes `app.close()` wait for handlers still running: a caller that hangs up does not stop its
 * handler, and a handler still calling Temporal when the server closes the client's connection
 * ends in an uncaught error from the client's retry timer. Registered before any route.
 */
export function waitForHandlersOnClose(app: FastifyInstance, maxWaitMs = 10_000): void {
  let running = 0;
  let idle: (() => void) | null = null;
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = async function wrapped(this: unknown, req, reply) {
      running++;
      try {
        return await handler.call(this as FastifyInstance, req, reply);
      } finally {
        if (--running === 0) idle?.();
      }
    };
  });
  app.addHook('onClose', async () => {
    if (running === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      idle = () => { clearTimeout(timer); resolve(); };
    });
  });
}
