import type { FastifyInstance } from 'fastify';
import type { StockLevel } from '../../domain/types.js';
import { conflict, notFound, parse } from '../http-errors.js';
import { Adjustment, InventoryQuery, ReceiptBody, StockSettings } from '../schemas.js';
import { iso, type SandboxContext } from './context.js';

type SkuParams = { Params: { sku: string } };

/** Business days of consumption the average daily demand is taken over. */
export const DEMAND_WINDOW_DAYS = 30;

export function inventoryRoutes(app: FastifyInstance, { store, faults, actors, dayMs, now: clock, demandHistoryDays }: SandboxContext): void {
  /**
   * Average units consumed a business day over the window, or over the time the SKU has been
   * watched when that is shorter (at least a day, so one early pick is not a torrent).
   */
  const withDemand = (level: StockLevel): StockLevel => {
    const now = clock();
    const { units, firstMovementAt } = store.consumption(level.sku, iso(now - DEMAND_WINDOW_DAYS * dayMs));
    if (units <= 0 || firstMovementAt === null) return level;
    const watchedDays = Math.min(DEMAND_WINDOW_DAYS, Math.max(1, (now - Date.parse(firstMovementAt)) / dayMs));
    const history = demandHistoryDays > 0 ? store.consumptionByDay(level.sku, now, dayMs, demandHistoryDays) : [];
    return { ...level, dailyDemand: Math.round((units / watchedDays) * 1000) / 1000, ...(history.length ? { demandHistory: history } : {}) };
  };

  const known = (sku: string): StockLevel => {
    const level = store.stock(sku);
    if (!level) throw notFound(`unknown SKU ${sku}`);
    return withDemand(level);
  };

  app.get('/inventory', async (req) => {
    const { after, limit } = parse(InventoryQuery, req.query, 'inventory query');
    if (limit === undefined) return { items: store.allStock().map(withDemand) };
    const page = store.stockPage(after ?? '', limit);
    return { items: page.items.map(withDemand), total: page.total };
  });

  app.get<SkuParams>('/inventory/:sku', { preHandler: faults.guard('stock') }, async (req) => known(req.params.sku));

  app.put<SkuParams>('/inventory/:sku', async (req) => {
    const settings = parse(StockSettings, req.body, 'stock settings');
    const { sku } = req.params;
    return store.transaction(() => {
      const before = store.stock(sku)?.onHand ?? null;
      store.setStock(sku, settings);
      actors?.stockWritten(sku, before);
      return known(sku);
    });
  });

  app.post<SkuParams>('/inventory/:sku/adjust', async (req) => {
    const { delta, reason } = parse(Adjustment, req.body, 'adjustment');
    return store.transaction(() => {
      const before = known(req.params.sku).onHand;
      store.adjust(req.params.sku, delta, reason, iso(clock()));
      actors?.stockWritten(req.params.sku, before);
      return known(req.params.sku);
    });
  });

  // Idempotent per (SKU, PO): a goods receipt booked twice must not count the goods twice.
  app.post<SkuParams>('/inventory/:sku/receipts', { preHandler: faults.guard('receipts') }, async (req) => {
    const { poNumber, quantity } = parse(ReceiptBody, req.body, 'receipt');
    const { sku } = req.params;
    return store.transaction(() => {
      known(sku);
      const order = store.order(poNumber);
      if (!order) throw notFound(`no purchase order ${poNumber}`);
      if (order.sku !== sku) throw conflict(`purchase order ${poNumber} is for ${order.sku}, not ${sku}`);
      store.addReceipt(sku, poNumber, quantity, iso(clock()));
      return known(sku);
    });
  });
}
