import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FaultKey, FaultSettings } from './schemas.js';

/**
 * Injected failures, held in memory so a restart heals them. A failure answers 503 before the
 * route runs; a drop lets the route commit and then cuts the connection, which is the case
 * idempotency keys exist for: the caller cannot tell whether its order went through.
 */
export class Faults {
  private readonly settings = new Map<FaultKey, FaultSettings>();
  private readonly doomed = new WeakSet<FastifyRequest>();

  set(settings: FaultSettings): void {
    this.settings.set(settings.endpoint, { ...settings });
  }

  clear(): void {
    this.settings.clear();
  }

  list(): FaultSettings[] {
    return [...this.settings.values()];
  }

  /** preHandler for a route known to callers as `key`. */
  guard(key: FaultKey) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const f = this.settings.get(key);
      if (!f) return;
      if (f.latencyMs) await new Promise((resolve) => setTimeout(resolve, f.latencyMs));
      if (f.failNext || (f.errorRate && Math.random() < f.errorRate)) {
        if (f.failNext) f.failNext -= 1;
        request.log.info({ fault: key }, 'injected failure');
        await reply.code(503).send({ error: `injected fault: ${key} is unavailable` });
        return;
      }
      if (f.dropNext || (f.dropAfterCommitRate && Math.random() < f.dropAfterCommitRate)) {
        if (f.dropNext) f.dropNext -= 1;
        this.doomed.add(request);
      }
    };
  }

  /** onSend hook: the work is done, the answer never arrives. */
  readonly dropper = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (this.doomed.has(request)) {
      request.log.info({ url: request.url }, 'injected drop after commit');
      reply.hijack();
      request.raw.socket.destroy();
    }
    return payload;
  };
}
