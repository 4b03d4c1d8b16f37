import Database from 'better-sqlite3';
import type { OrderAck, PurchaseOrder, StockLevel } from '../domain/types.js';
import { levelOf, orderSelect, stockSelect, withBreaks, withOrderCosts } from './store-rows.js';
import type { CatalogueEntry, Row, ScheduledAction, StockRow, StockSettings, StoredNotification, StoredOrder, StoredQuote, SupplierSettings } from './store-rows.js';
import { addedColumns, tables } from './tables.js';

export type { Behaviour, OrderStatus, SupplierSettings, CatalogueEntry, StoredQuote, StoredOrder, StoredNotification, ScheduledAction, StockSettings } from './store-rows.js';

/** SQL for the sandbox. Business checks (conflicts, unknown ids) stay with the routes. */
export class SandboxStore {
  readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('busy_timeout = 2000');
    this.db.exec(tables);
    for (const { table, column, definition } of addedColumns) {
      const columns = this.db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>;
      if (!columns.some((c) => c.name === column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    }
  }

  close(): void {
    this.db.close();
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  // Stock

  stock(sku: string): StockLevel | null {
    const row = this.db.prepare(`${stockSelect} WHERE s.sku = ?`).get(sku) as StockRow | undefined;
    return row ? levelOf(row) : null;
  }

  allStock(): StockLevel[] {
    return (this.db.prepare(`${stockSelect} ORDER BY s.sku`).all() as StockRow[]).map(levelOf);
  }

  /** SQLite's default collation compares bytes, the order the API's pages promise. */
  stockPage(after: string, limit: number): { items: StockLevel[]; total: number } {
    const items = (this.db.prepare(`${stockSelect} WHERE s.sku > ? ORDER BY s.sku LIMIT ?`).all(after, limit) as StockRow[]).map(levelOf);
    const { total } = this.db.prepare('SELECT COUNT(*) AS total FROM stock').get() as { total: number };
    return { items, total };
  }

  setStock(sku: string, s: StockSettings, ifAbsent = false): void {
    const conflict = ifAbsent
      ? 'DO NOTHING'
      : `DO UPDATE SET on_hand = excluded.on_hand, safety_stock = excluded.safety_stock, target_level = excluded.target_level,
           service_level = excluded.service_level, abc_class = excluded.abc_class`;
    this.db
      .prepare(`INSERT INTO stock (sku, on_hand, safety_stock, target_level, service_level, abc_class) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (sku) ${conflict}`)
      .run(sku, s.onHand, s.safetyStock, s.targetLevel, s.serviceLevel ?? null, s.abcClass ?? null);
  }

  adjust(sku: string, delta: number, reason: string, at: string): void {
    this.db.prepare('UPDATE stock SET on_hand = on_hand + ? WHERE sku = ?').run(delta, sku);
    this.db.prepare('INSERT INTO movements (sku, delta, reason, at) VALUES (?, ?, ?, ?)').run(sku, delta, reason, at);
  }

  /**
   * Units taken out (movements with a negative delta) since `since`, and when the SKU's first
   * movement was recorded, which bounds how long the world has been watching it.
   */
  consumption(sku: string, since: string): { units: number; firstMovementAt: string | null } {
    const row = this.db
      .prepare(
        `SELECT COALESCE(SUM(CASE WHEN delta < 0 AND at >= @since THEN -delta ELSE 0 END), 0) AS units,
           MIN(at) AS firstMovementAt
         FROM movements WHERE sku = @sku`,
      )
      .get({ sku, since }) as { units: number; firstMovementAt: string | null };
    return row;
  }

  /**
   * Units taken out on each of the last `days` business days, oldest first, over the days the SKU
   * has been watched (since its first movement); empty before a whole day has passed.
   */
  consumptionByDay(sku: string, now: number, dayMs: number, days: number): number[] {
    const { firstMovementAt } = this.consumption(sku, new Date(now).toISOString());
    if (firstMovementAt === null) return [];
    const watched = Math.min(days, Math.floor((now - Date.parse(firstMovementAt)) / dayMs));
    if (watched < 1) return [];
    const since = now - watched * dayMs;
    const rows = this.db
      .prepare('SELECT -delta AS units, at FROM movements WHERE sku = ? AND delta < 0 AND at >= ?')
      .all(sku, new Date(since).toISOString()) as Array<{ units: number; at: string }>;
    const byDay = new Array<number>(watched).fill(0);
    for (const r of rows) byDay[Math.min(watched - 1, Math.floor((Date.parse(r.at) - since) / dayMs))]! += r.units;
    return byDay;
  }

  /** True when this (sku, PO) had not been booked before. */
  addReceipt(sku: string, poNumber: string, quantity: number, at: string): boolean {
    const inserted = this.db
      .prepare('INSERT INTO receipts (sku, po_number, quantity, at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING')
      .run(sku, poNumber, quantity, at);
    if (inserted.changes === 0) return false;
    this.adjust(sku, quantity, `receipt ${poNumber}`, at);
    this.db.prepare(`UPDATE orders SET status = 'booked' WHERE po_number = ? AND sku = ?`).run(poNumber, sku);
    return true;
  }

  // Suppliers and catalogue

  supplier(name: string): SupplierSettings | null {
    const row = this.db
      .prepare(
        'SELECT supplier, behaviour, reply_after_days AS replyAfterDays, price_factor AS priceFactor, order_costs AS orderCosts FROM suppliers WHERE supplier = ?',
      )
      .get(name) as Row | undefined;
    return row ? withOrderCosts(row) as unknown as SupplierSettings : null;
  }

  setSupplier(name: string, patch: Partial<Omit<SupplierSettings, 'supplier'>>): SupplierSettings {
    this.db.prepare('INSERT INTO suppliers (supplier) VALUES (?) ON CONFLICT DO NOTHING').run(name);
    const current = this.supplier(name)!;
    const next = { ...current, ...patch };
    this.db
      .prepare('UPDATE suppliers SET behaviour = ?, reply_after_days = ?, price_factor = ?, order_costs = ? WHERE supplier = ?')
      .run(next.behaviour, next.replyAfterDays, next.priceFactor, JSON.stringify(next.orderCosts), name);
    return next;
  }

  addCatalogueEntry(e: Omit<CatalogueEntry, 'orderMultiple' | 'priceBreaks' | 'unit'> & Partial<CatalogueEntry>): void {
    this.db.prepare('INSERT INTO suppliers (supplier) VALUES (?) ON CONFLICT DO NOTHING').run(e.supplier);
    this.db
      .prepare(
        `INSERT INTO catalogue (supplier, sku, base_price, moq, lead_time_days, order_multiple, price_breaks, unit)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .run(e.supplier, e.sku, e.basePrice, e.moq, e.leadTimeDays, e.orderMultiple ?? 1, JSON.stringify(e.priceBreaks ?? []), e.unit ?? 'pcs');
  }

  /** Catalogue lines for a SKU joined with each supplier's current settings. */
  offers(sku: string): Array<CatalogueEntry & SupplierSettings> {
    return this.db
      .prepare(
        `SELECT c.supplier, c.sku, c.base_price AS basePrice, c.moq, c.lead_time_days AS leadTimeDays,
           c.order_multiple AS orderMultiple, c.price_breaks AS priceBreaks, c.unit,
           s.behaviour, s.reply_after_days AS replyAfterDays, s.price_factor AS priceFactor, s.order_costs AS orderCosts
         FROM catalogue c JOIN suppliers s ON s.supplier = c.supplier WHERE c.sku = ? ORDER BY c.supplier`,
      )
      .all(sku)
      .map((r) => withBreaks(r as Row)) as unknown as Array<CatalogueEntry & SupplierSettings>;
  }

  // Quotes

  addQuote(q: StoredQuote): void {
    this.db
      .prepare(
        `INSERT INTO quotes (quote_id, sku, supplier, quantity, unit_price, moq, lead_time_days, order_multiple, price_breaks,
           valid_until, created_at)
         VALUES (@quoteId, @sku, @supplier, @quantity, @unitPrice, @moq, @leadTimeDays, @orderMultiple, @priceBreaks,
           @validUntil, @createdAt)`,
      )
      .run({ ...q, priceBreaks: JSON.stringify(q.priceBreaks) });
  }

  quote(quoteId: string): StoredQuote | null {
    const row = this.db
      .prepare(
        `SELECT quote_id AS quoteId, sku, supplier, quantity, unit_price AS unitPrice, moq,
           lead_time_days AS leadTimeDays, order_multiple AS orderMultiple, price_breaks AS priceBreaks,
           valid_until AS validUntil, created_at AS createdAt
         FROM quotes WHERE quote_id = ?`,
      )
      .get(quoteId) as Row | undefined;
    return row ? (withBreaks(row) as unknown as StoredQuote) : null;
  }

  /** How many quotes the suppliers gave for this SKU: each one was asked. */
  quotesGiven(sku: string): number {
    return (this.db.prepare('SELECT count(*) AS n FROM quotes WHERE sku = ?').get(sku) as { n: number }).n;
  }

  // Orders

  order(poNumber: string): StoredOrder | null {
    return (this.db.prepare(`${orderSelect} WHERE o.po_number = ?`).get(poNumber) as StoredOrder | undefined) ?? null;
  }

  orderByKey(key: string): StoredOrder | null {
    return (this.db.prepare(`${orderSelect} WHERE o.idempotency_key = ?`).get(key) as StoredOrder | undefined) ?? null;
  }

  orders(filter: { sku?: string; supplier?: string }): StoredOrder[] {
    return this.db
      .prepare(
        `${orderSelect} WHERE (@sku IS NULL OR o.sku = @sku) AND (@supplier IS NULL OR o.supplier = @supplier)
         ORDER BY o.accepted_at, o.po_number`,
      )
      .all({ sku: filter.sku ?? null, supplier: filter.supplier ?? null }) as StoredOrder[];
  }

  /** `groupPo`: the consolidated PO the order is a line of. */
  addOrder(o: PurchaseOrder & OrderAck & { idempotencyKey: string; groupPo?: string }): void {
    this.db
      .prepare(
        `INSERT INTO orders (po_number, idempotency_key, sku, supplier, quote_id, quantity, unit_price, total,
           supplier_ref, accepted_at, expected_delivery, group_po)
         VALUES (@poNumber, @idempotencyKey, @sku, @supplier, @quoteId, @quantity, @unitPrice, @total,
           @supplierRef, @acceptedAt, @expectedDelivery, @groupPo)`,
      )
      .run({ groupPo: null, ...o });
  }

  /** The lines placed under a consolidated PO, in the order they were given. */
  ordersOfGroup(groupPo: string): StoredOrder[] {
    return this.db.prepare(`${orderSelect} WHERE o.group_po = ? ORDER BY o.rowid`).all(groupPo) as StoredOrder[];
  }

  countPlaceCall(poNumber: string): void {
    this.db.prepare('UPDATE orders SET place_calls = place_calls + 1 WHERE po_number = ?').run(poNumber);
  }

  addChase(poNumber: string, message: string, at: string): void {
    this.db.prepare('INSERT INTO chases (po_number, message, at) VALUES (?, ?, ?)').run(poNumber, message, at);
    this.db.prepare('UPDATE orders SET chases = chases + 1 WHERE po_number = ?').run(poNumber);
  }

  cancel(poNumber: string, reason: string): void {
    this.db.prepare(`UPDATE orders SET status = 'cancelled', cancel_reason = ? WHERE po_number = ?`).run(reason, poNumber);
  }

  // Notifications

  addNotification(n: Omit<StoredNotification, 'id'>): void {
    this.db
      .prepare('INSERT INTO notifications (recipient, subject, body, sku, po_number, at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(n.to, n.subject, n.body, n.sku, n.poNumber, n.at);
  }

  notifications(to?: string): StoredNotification[] {
    return this.db
      .prepare(
        `SELECT id, recipient AS "to", subject, body, sku, po_number AS poNumber, at FROM notifications
         WHERE @to IS NULL OR recipient = @to ORDER BY id DESC`,
      )
      .all({ to: to ?? null }) as StoredNotification[];
  }

  // Documents: large texts kept out of workflow histories

  addDocument(d: { ref: string; poNumber: string | null; contentType: string; body: string; at: string }): void {
    this.db.prepare('INSERT OR IGNORE INTO documents (ref, po_number, content_type, body, at) VALUES (?, ?, ?, ?, ?)')
      .run(d.ref, d.poNumber, d.contentType, d.body, d.at);
  }

  document(ref: string): { body: string; contentType: string } | null {
    return (this.db.prepare('SELECT body, content_type AS contentType FROM documents WHERE ref = ?').get(ref) as
      { body: string; contentType: string } | undefined) ?? null;
  }

  // Scheduled demo actions

  schedule(kind: string, ref: string, payload: unknown, dueAt: number): void {
    this.db
      .prepare('INSERT INTO scheduled (kind, ref, payload, due_at) VALUES (?, ?, ?, ?)')
      .run(kind, ref, JSON.stringify(payload), Math.round(dueAt));
  }

  hasScheduled(kind: string, ref: string, states: string[] = ['pending', 'done']): boolean {
    const rows = this.db.prepare('SELECT state FROM scheduled WHERE kind = ? AND ref = ?').all(kind, ref) as Row[];
    return rows.some((r) => states.includes(r.state as string));
  }

  due(now: number, limit = 50): ScheduledAction[] {
    const rows = this.db
      .prepare(
        `SELECT id, kind, ref, payload, due_at AS dueAt, attempts FROM scheduled
         WHERE state = 'pending' AND due_at <= ? ORDER BY due_at, id LIMIT ?`,
      )
      .all(now, limit) as Row[];
    return rows.map((r) => ({ ...(r as unknown as ScheduledAction), payload: JSON.parse(r.payload as string) }));
  }

  finish(id: number, state: 'done' | 'failed' | 'skipped', error?: string): void {
    this.db.prepare('UPDATE scheduled SET state = ?, last_error = ? WHERE id = ?').run(state, error ?? null, id);
  }

  retryLater(id: number, error: string): number {
    this.db.prepare('UPDATE scheduled SET attempts = attempts + 1, last_error = ? WHERE id = ?').run(error, id);
    return (this.db.prepare('SELECT attempts FROM scheduled WHERE id = ?').get(id) as { attempts: number }).attempts;
  }

  reschedule(id: number, dueAt: number): void {
    this.db.prepare('UPDATE scheduled SET due_at = ?, attempts = 0 WHERE id = ?').run(Math.round(dueAt), id);
  }
}
