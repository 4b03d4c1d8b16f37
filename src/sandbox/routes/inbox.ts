import type { FastifyInstance } from 'fastify';
import { Notification } from '../../domain/types.js';
import { parse } from '../http-errors.js';
import { InboxQuery } from '../schemas.js';
import { iso, type SandboxContext } from './context.js';

/** Where notifications to people land, so a demo can show what a manager would have received. */
export function inboxRoutes(app: FastifyInstance, { store, faults, now }: SandboxContext): void {
  app.post('/notifications', { preHandler: faults.guard('notify') }, async (req, reply) => {
    const n = parse(Notification, req.body, 'notification');
    store.addNotification({ ...n, sku: n.sku ?? null, poNumber: n.poNumber ?? null, at: iso(now()) });
    return reply.code(202).send({ ok: true });
  });

  app.get('/notifications', async (req) => ({ items: store.notifications(parse(InboxQuery, req.query, 'query').to) }));
}
