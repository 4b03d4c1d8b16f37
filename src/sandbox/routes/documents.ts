import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { notFound, parse } from '../http-errors.js';
import { iso, type SandboxContext } from './context.js';

const DocumentBody = z.object({
  body: z.string().max(10_000_000),
  contentType: z.string().min(1).max(100).default('text/plain'),
  poNumber: z.string().max(100).optional(),
}).strict();

/**
 * A document store for texts too large for a workflow's history (a long email, an attachment):
 * workflows carry the reference, activities fetch the text. Content-addressed, so storing the
 * same text twice gives the same reference.
 */
export function documentRoutes(app: FastifyInstance, { store, now }: SandboxContext): void {
  app.post('/documents', { bodyLimit: 12 * 1024 * 1024 }, async (req, reply) => {
    const d = parse(DocumentBody, req.body, 'document');
    const ref = `doc-${createHash('sha256').update(d.body).digest('hex').slice(0, 32)}`;
    store.addDocument({ ref, poNumber: d.poNumber ?? null, contentType: d.contentType, body: d.body, at: iso(now()) });
    return reply.code(201).send({ ref, bytes: Buffer.byteLength(d.body) });
  });

  app.get<{ Params: { ref: string } }>('/documents/:ref', async (req) => {
    const doc = store.document(req.params.ref);
    if (!doc) throw notFound(`unknown document ${req.params.ref}`);
    return { ref: req.params.ref, ...doc };
  });
}
