import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { fromCents, toCents } from '../../domain/money.js';
import { freightFor } from '../../domain/order-costs.js';
import { lineTotal } from '../../domain/quantity.js';
import { SupplierOrderRequest, type SupplierOrderAck } from '../../domain/supplier-order.js';
import type { OrderAck } from '../../domain/types.js';
import { badRequest, conflict, notFound, parse } from '../http-errors.js';
import type { StoredOrder } from '../store.js';
import { iso, type SandboxContext } from './context.js';

const ackOf = (o: StoredOrder): OrderAck => ({
  poNumber: o.poNumber, supplier: o.supplier, supplierRef: o.supplierRef, acceptedAt: o.acceptedAt, expectedDelivery: o.expectedDelivery,
});

const groupAck = (spoNumber: string, lines: StoredOrder[]): SupplierOrderAck => ({
  spoNumber, supplier: lines[0]!.supplier, supplierRef: lines[0]!.supplierRef, acceptedAt: lines[0]!.acceptedAt, lines: lines.map(ackOf),
});

const sameLines = (placed: StoredOrder[], asked: SupplierOrderRequest['lines']) =>
  placed.length === asked.length && asked.every((l, i) => {
    const p = placed[i]!;
    return p.poNumber === l.poNumber && p.sku === l.sku && p.quantity === l.quantity && p.unitPrice === l.unitPrice;
  });

/**
 * A supplier takes a consolidated PO in one request, idempotent on its SPO number: the same SPO
 * again answers the first acknowledgement, other lines under it are a 409. Each line becomes an
 * order under its own line PO number with the SPO as its group, so the supplier confirms, delivers
 * and is chased per line as for an order of one line. The supplier's least order value and freight
 * are judged on the whole order.
 */
export function consolidatedOrderRoutes(app: FastifyInstance, { store, dayMs, now: clock, faults, actors }: SandboxContext): void {
  app.post<{ Params: { supplier: string } }>(
    '/suppliers/:supplier/consolidated-orders',
    { preHandler: faults.guard('placeOrder') },
    async (req, reply) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key.trim()) throw badRequest('the Idempotency-Key header is required');
      const spo = parse(SupplierOrderRequest, req.body, 'consolidated purchase order');
      const { supplier } = req.params;
      if (key !== spo.spoNumber) throw badRequest(`the Idempotency-Key of a consolidated order is its SPO number ${spo.spoNumber}, not ${key}`);
      if (spo.supplier !== supplier) throw badRequest(`order is addressed to ${spo.supplier} but was sent to ${supplier}`);
      const numbers = spo.lines.map((l) => l.poNumber);
      const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
      if (twice) throw badRequest(`line ${twice} is given twice`);
      for (const l of spo.lines) {
        if (Math.abs(lineTotal(l.quantity, l.unitPrice) - l.lineTotal) > 0.005) throw badRequest(`line ${l.poNumber}: lineTotal ${l.lineTotal} is not ${l.quantity} x ${l.unitPrice}`);
      }

      const { created, lines } = store.transaction(() => {
        const placed = store.ordersOfGroup(spo.spoNumber);
        if (placed.length > 0) {
          if (!sameLines(placed, spo.lines)) throw conflict(`consolidated order ${spo.spoNumber} was already placed with other lines`);
          for (const p of placed) store.countPlaceCall(p.poNumber);
          return { created: false, lines: placed };
        }
        const settings = store.supplier(supplier);
        if (!settings) throw notFound(`unknown supplier ${supplier}`);
        const leads: number[] = [];
        for (const l of spo.lines) {
          if (store.order(l.poNumber)) throw conflict(`purchase order ${l.poNumber} already exists; a line of ${spo.spoNumber} must be new`);
          const offer = store.offers(l.sku).find((o) => o.supplier === supplier);
          if (!offer) throw notFound(store.stock(l.sku) ? `${supplier} does not carry ${l.sku}` : `unknown SKU ${l.sku}`);
          if (l.quantity < offer.moq) throw conflict(`${supplier} requires at least ${offer.moq} units of ${l.sku}; line ${l.poNumber} is for ${l.quantity}`);
          if (l.quantity % offer.orderMultiple !== 0) throw conflict(`${supplier} sells ${l.sku} in packs of ${offer.orderMultiple}; line ${l.poNumber} is for ${l.quantity}`);
          leads.push(offer.leadTimeDays);
        }
        const goods = fromCents(spo.lines.reduce((sum, l) => sum + toCents(l.lineTotal), 0));
        const { orderCosts } = settings;
        if (orderCosts.minOrderValue !== undefined && goods < orderCosts.minOrderValue) {
          throw conflict(`${supplier} takes orders of at least ${orderCosts.minOrderValue.toFixed(2)}; the lines of ${spo.spoNumber} come to ${goods.toFixed(2)}`);
        }
        const freight = freightFor({ orderCosts }, goods);
        if (Math.abs(goods - spo.goods) > 0.005 || Math.abs(freight - (spo.freight ?? 0)) > 0.005 || Math.abs(goods + freight - spo.total) > 0.005) {
          throw badRequest(`goods ${spo.goods}, freight ${spo.freight ?? 0} and total ${spo.total} do not match the lines: goods ${goods.toFixed(2)}${freight ? ` + freight ${freight.toFixed(2)}` : ''}`);
        }
        const now = clock();
        const supplierRef = `${supplier.slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 8).toUpperCase()}`;
        spo.lines.forEach((l, i) => store.addOrder({
          poNumber: l.poNumber, sku: l.sku, supplier, quoteId: l.quoteId, quantity: l.quantity, unitPrice: l.unitPrice, total: l.lineTotal,
          idempotencyKey: `${spo.spoNumber}/${l.poNumber}`, supplierRef, acceptedAt: iso(now), expectedDelivery: iso(now + leads[i]! * dayMs), groupPo: spo.spoNumber,
        }));
        const lines = store.ordersOfGroup(spo.spoNumber);
        for (const o of lines) actors?.orderPlaced(o);
        return { created: true, lines };
      });
      return reply.code(created ? 201 : 200).send(groupAck(spo.spoNumber, lines));
    },
  );
}
