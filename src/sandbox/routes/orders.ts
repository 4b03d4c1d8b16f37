import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { lineTotal } from '../../domain/quantity.js';
import { freightFor } from '../../domain/order-costs.js';
import { PurchaseOrder, type OrderAck } from '../../domain/types.js';
import { badRequest, conflict, notFound, parse } from '../http-errors.js';
import { CancelBody, ChaseBody, OrdersQuery } from '../schemas.js';
import type { StoredOrder } from '../store.js';
import { iso, type SandboxContext } from './context.js';

type OrderParams = { Params: { supplier: string; poNumber: string } };

const toAck = (o: StoredOrder): OrderAck => ({
  poNumber: o.poNumber,
  supplier: o.supplier,
  supplierRef: o.supplierRef,
  acceptedAt: o.acceptedAt,
  expectedDelivery: o.expectedDelivery,
});

const sameOrder = (a: PurchaseOrder, b: PurchaseOrder) =>
  a.sku === b.sku && a.quantity === b.quantity && a.unitPrice === b.unitPrice && a.supplier === b.supplier;

export function orderRoutes(app: FastifyInstance, { store, dayMs, now: clock, faults, actors }: SandboxContext): void {
  const orderAt = (supplier: string, poNumber: string): StoredOrder => {
    const order = store.order(poNumber);
    if (!order || order.supplier !== supplier) throw notFound(`${supplier} has no order ${poNumber}`);
    return order;
  };

  // The same key with the same order answers the first acknowledgement again: a caller that lost
  // the answer to a dropped connection retries safely. The same key with another order is refused.
  app.post<{ Params: { supplier: string } }>(
    '/suppliers/:supplier/orders',
    { preHandler: faults.guard('placeOrder') },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key.trim()) throw badRequest('the Idempotency-Key header is required');
      const po = parse(PurchaseOrder, req.body, 'purchase order');
      const { supplier } = req.params;
      if (po.supplier !== supplier) throw badRequest(`order is addressed to ${po.supplier} but was sent to ${supplier}`);

      const { created, order } = store.transaction(() => {
        const first = store.orderByKey(key);
        if (first) {
          if (!sameOrder(first, po)) {
            throw conflict(
              `idempotency key ${key} was already used for ${first.poNumber} ` +
                `(${first.quantity} x ${first.sku} at ${first.unitPrice} from ${first.supplier}); this order differs`,
            );
          }
          store.countPlaceCall(first.poNumber);
          return { created: false, order: first };
        }
        if (store.order(po.poNumber)) throw conflict(`purchase order ${po.poNumber} already exists under another idempotency key`);
        if (!store.supplier(supplier)) throw notFound(`unknown supplier ${supplier}`);
        const offer = store.offers(po.sku).find((o) => o.supplier === supplier);
        if (!offer) {
          throw notFound(store.stock(po.sku) ? `${supplier} does not carry ${po.sku}` : `unknown SKU ${po.sku}`);
        }
        if (po.quantity < offer.moq) {
          throw conflict(`${supplier} requires at least ${offer.moq} units of ${po.sku}; the order is for ${po.quantity}`);
        }
        if (po.quantity % offer.orderMultiple !== 0) {
          throw conflict(`${supplier} sells ${po.sku} in packs of ${offer.orderMultiple}; the order is for ${po.quantity}`);
        }
        const goods = lineTotal(po.quantity, po.unitPrice);
        const { orderCosts } = store.supplier(supplier)!;
        if (orderCosts.minOrderValue !== undefined && goods < orderCosts.minOrderValue) {
          throw conflict(`${supplier} takes orders of at least ${orderCosts.minOrderValue.toFixed(2)}; ${po.quantity} x ${po.unitPrice} comes to ${goods.toFixed(2)}`);
        }
        const freight = freightFor({ orderCosts }, goods);
        if (Math.abs(goods + freight - po.total) > 0.01 || Math.abs(freight - (po.freight ?? 0)) > 0.01) {
          throw badRequest(`total ${po.total} does not match ${po.quantity} x ${po.unitPrice}${freight ? ` + freight ${freight.toFixed(2)}` : ''}`);
        }
        const now = clock();
        store.addOrder({
          ...po,
          idempotencyKey: key,
          supplierRef: `${supplier.slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 8).toUpperCase()}`,
          acceptedAt: iso(now),
          expectedDelivery: iso(now + offer.leadTimeDays * dayMs),
        });
        const placed = store.order(po.poNumber)!;
        actors?.orderPlaced(placed);
        return { created: true, order: placed };
      });
      return reply.code(created ? 201 : 200).send(toAck(order));
    },
  );

  app.get<OrderParams>('/suppliers/:supplier/orders/:poNumber', { preHandler: faults.guard('findOrder') }, async (req) =>
    toAck(orderAt(req.params.supplier, req.params.poNumber)),
  );

  app.get('/orders', async (req) => ({ orders: store.orders(parse(OrdersQuery, req.query, 'query')) }));

  app.post<OrderParams>('/suppliers/:supplier/orders/:poNumber/chase', { preHandler: faults.guard('chase') }, async (req, reply) => {
    const { message } = parse(ChaseBody, req.body, 'chase');
    store.transaction(() => {
      const order = orderAt(req.params.supplier, req.params.poNumber);
      if (order.status === 'cancelled') throw conflict(`order ${order.poNumber} is cancelled`);
      store.addChase(order.poNumber, message, iso(clock()));
      actors?.chased(order);
    });
    return reply.code(202).send({ ok: true });
  });

  app.post<OrderParams>('/suppliers/:supplier/orders/:poNumber/cancel', { preHandler: faults.guard('cancel') }, async (req) => {
    const { reason } = parse(CancelBody, req.body, 'cancellation');
    return store.transaction(() => {
      const order = orderAt(req.params.supplier, req.params.poNumber);
      if (order.status === 'booked') throw conflict(`order ${order.poNumber} has already been delivered`);
      if (order.status === 'placed') store.cancel(order.poNumber, reason);
      return { poNumber: order.poNumber, status: 'cancelled' };
    });
  });
}
