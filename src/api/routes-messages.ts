import type { FastifyInstance } from 'fastify';
import type { Agents } from './agents.js';
import { parse } from './errors.js';
import { DecisionBody, PoParam, ReceiptBody, SupplierReplyBody, skuOfPo } from './schemas.js';

/** Messages from the manager, suppliers and the warehouse, each addressed by PO number. */
export function messageRoutes(app: FastifyInstance, agents: Agents): void {
  app.post('/purchase-orders/:po/decision', async (req, reply) => {
    const { po } = parse(PoParam, req.params, 'path');
    const body = parse(DecisionBody, req.body, 'body');
    const by = body.by ?? 'manager';
    const payload = body.decision === 'approve'
      ? { approved: true, maxUnitPrice: body.maxUnitPrice, by }
      : { approved: false, reason: body.reason, by };
    const idem = req.headers['idempotency-key'];
    const result = await agents.deliver(skuOfPo(po), {
      event: 'approval', poNumber: po, payload, ...(typeof idem === 'string' && idem ? { messageId: `approval:${idem}` } : {}),
    });
    return reply.code(202).send({ poNumber: po, ...result });
  });

  app.post('/purchase-orders/:po/supplier-replies', async (req, reply) => {
    const { po } = parse(PoParam, req.params, 'path');
    const body = parse(SupplierReplyBody, req.body, 'body');
    const result = await agents.deliver(skuOfPo(po), {
      event: 'supplier-reply', poNumber: po, messageId: `reply:${body.messageId}`,
      payload: { text: body.text, ...(body.fields ? { fields: body.fields } : {}), ...(body.supplier ? { ref: body.supplier } : {}) },
    });
    return reply.code(202).send({ poNumber: po, ...result });
  });

  app.post('/purchase-orders/:po/receipts', async (req, reply) => {
    const { po } = parse(PoParam, req.params, 'path');
    const body = parse(ReceiptBody, req.body, 'body');
    const result = await agents.deliver(skuOfPo(po), {
      event: 'goods-receipt', poNumber: po, messageId: `receipt:${body.receiptId}`, payload: { quantity: body.quantity },
    });
    return reply.code(202).send({ poNumber: po, ...result });
  });
}
