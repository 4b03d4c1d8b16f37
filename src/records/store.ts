import type { Selectable } from 'kysely';
import { POLICY_APPROVER_PREFIX } from '../domain/approval-policy.js';
import type { Phase } from '../domain/phase.js';
import type { OpenPurchaseOrder, PurchaseRecord } from '../domain/purchase-record.js';
import type { OutcomeKind } from '../domain/types.js';
import { AgreementLedger } from './agreements.js';
import { ApprovalsWaiting } from './approvals-waiting.js';
import { BudgetLedger } from './budget.js';
import { openRecordsDb, type OpenPurchaseOrdersTable, type PurchaseRecordsTable, type RecordsDb, type RecordsLocation } from './database.js';
import { fromOpenRow, OpenOrders } from './open-orders.js';
import { derivedColumns, sharedFields } from './po-columns.js';
import { closeOpenOrder } from './published.js';
import { jsonColumn, readEach, type OnDamaged } from './rows.js';
import { SupplierOrders } from './supplier-orders.js';
import { UsedKeys } from './used-keys.js';

export interface RecordFilter {
  sku?: string;
  supplier?: string;
  /** Settled POs, with this outcome when given; false leaves them out. */
  settled?: false | { outcome?: OutcomeKind };
  /** POs still worked on, in this phase when given; false leaves them out. */
  open?: false | { phase?: Phase };
  /** Last changed (a settled PO: settled) at or after this time (ISO 8601). */
  from?: string;
  /** Last changed before this time (ISO 8601). */
  to?: string;
  /** Approved by a rule of the approval policy, or by a person. */
  approval?: 'rule' | 'person';
}

/** A PO in the list: its status is a settled one's outcome or an open one's phase, and it is ordered by its last change. */
/** `supplierOrder`: the consolidated PO (SPO-…) the PO was placed on as a line, null when it was ordered alone or not yet. */
export type PurchaseOrderItem = { supplierOrder?: string | null } & (
  | (PurchaseRecord & { status: OutcomeKind; updatedAt: string })
  | (OpenPurchaseOrder & { status: Phase; outcome: null; reason: null; settledAt: null; turns: [] }));

export interface RecordPage { items: PurchaseOrderItem[]; next: string | null; total: number }
/** `orders`: orders the supplier took, a consolidated PO once; `lines`: the SKUs' POs among them, each line of one counted. */
export interface SpendLine { supplier: string; month: string; amount: number; orders: number; lines: number }

export const settledItem = (r: PurchaseRecord): PurchaseOrderItem => ({ ...r, status: r.outcome, updatedAt: r.settledAt });
export const openItem = (o: OpenPurchaseOrder): PurchaseOrderItem => ({ ...o, status: o.phase, outcome: null, reason: null, settledAt: null, turns: [] });

type Kind = 'settled' | 'open';
type Table = 'purchaseRecords' | 'openPurchaseOrders';
const SOURCES = {
  settled: { table: 'purchaseRecords', at: 'settledAt', status: 'outcome' },
  open: { table: 'openPurchaseOrders', at: 'updatedAt', status: 'phase' },
} as const;

/** Newest change first; ties by id, descending, the order both tables' indexes serve. */
const newerFirst = (a: Position, b: Position): number =>
  a.updatedAt === b.updatedAt ? (a.replenishmentId < b.replenishmentId ? 1 : -1) : (a.updatedAt < b.updatedAt ? 1 : -1);

/** Pages go newest change first; the cursor is the last item's (updatedAt, replenishmentId). */
const cursorOf = (r: Position): string =>
  Buffer.from(JSON.stringify([r.updatedAt, r.replenishmentId])).toString('base64url');

export class BadCursor extends Error {}

function parseCursor(cursor: string): [string, string] {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string')) return v as [string, string];
  } catch { /* answered below */ }
  throw new BadCursor('after: not a cursor this API handed out (pass the `next` of a previous page)');
}

const toRow = (r: PurchaseRecord): PurchaseRecordsTable => ({ ...r, turns: JSON.stringify(r.turns), ...derivedColumns(r) });

const fromRow = (row: Selectable<PurchaseRecordsTable>): PurchaseRecord => ({
  ...sharedFields(row, 'purchase_records'), poNumber: row.poNumber, outcome: row.outcome as OutcomeKind, reason: row.reason, settledAt: row.settledAt,
  turns: jsonColumn<PurchaseRecord['turns']>('purchase_records', row.replenishmentId, 'turns', row.turns, 'array'),
});

/** Where a row stands in the list's order. */
type Position = Pick<PurchaseOrderItem, 'updatedAt' | 'replenishmentId'>;

/** The purchasing record: one row per settled replenishment, in SQLite or PostgreSQL. */
export class PurchaseRecords {
  readonly budget: BudgetLedger;
  /** Blanket agreements and the draws of the POs ordered under them. */
  readonly agreements: AgreementLedger;
  /** The approvals inbox, which the runs write as they wait for managers. */
  readonly waiting: ApprovalsWaiting;
  /** POs still worked on, which the runs write as they change. */
  readonly open: OpenOrders;
  /** Approval links used, chat deliveries taken: each may count once. */
  readonly used: UsedKeys;
  /** Consolidated POs the suppliers took, each with its lines: what an SPO number is addressed to. */
  readonly supplierOrders: SupplierOrders;

  constructor(readonly db: RecordsDb) {
    this.budget = new BudgetLedger(db);
    this.agreements = new AgreementLedger(db);
    this.waiting = new ApprovalsWaiting(db);
    this.open = new OpenOrders(db);
    this.used = new UsedKeys(db);
    this.supplierOrders = new SupplierOrders(db);
  }

  /**
   * Writes the record of a replenishment, keyed by its id: a retried activity, or the same run
   * recorded again, leaves one row holding the latest write. The PO leaves the open list in the
   * same transaction, so a list never shows it twice or not at all, and a write of its open line
   * still on its way is dropped when it lands (the run does not wait for its writes before this).
   */
  async save(record: PurchaseRecord): Promise<void> {
    const { replenishmentId, ...rest } = toRow(record);
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('purchaseRecords').values({ replenishmentId, ...rest })
        .onConflict((oc) => oc.column('replenishmentId').doUpdateSet(rest))
        .execute();
      await tx.deleteFrom('openPurchaseOrders').where('replenishmentId', '=', replenishmentId).execute();
      await closeOpenOrder(tx, replenishmentId);
    });
  }

  /**
   * Settles a PO whose run ended without writing its record (terminated, or failed outside its
   * loop): its open line becomes its record, outcome failed, so a PO that may have been ordered
   * stays in the list and the spend. Its decision log is in its history only. A retry finds the
   * record written and changes nothing. Null when the run had no open PO.
   */
  async settleOpen(replenishmentId: string, reason: string, settledAt: string): Promise<PurchaseRecord | null> {
    return this.db.transaction().execute(async (tx) => {
      const row = await tx.selectFrom('openPurchaseOrders').selectAll().where('replenishmentId', '=', replenishmentId).executeTakeFirst();
      if (!row) return null;
      const { phase: _phase, updatedAt: _updated, ...sofar } = fromOpenRow(row);
      const record: PurchaseRecord = { ...sofar, outcome: 'failed', reason, settledAt, turns: [] };
      await tx.insertInto('purchaseRecords').values(toRow(record)).onConflict((oc) => oc.column('replenishmentId').doNothing()).execute();
      await tx.deleteFrom('openPurchaseOrders').where('replenishmentId', '=', replenishmentId).execute();
      await closeOpenOrder(tx, replenishmentId);
      return record;
    });
  }

  async get(replenishmentId: string): Promise<PurchaseRecord | null> {
    const row = await this.db.selectFrom('purchaseRecords').selectAll().where('replenishmentId', '=', replenishmentId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** One of the list's two tables, by a filter: what it orders by and what its status is. */
  private rows(kind: Kind, f: RecordFilter) {
    const { table, at, status } = SOURCES[kind];
    const only = f[kind] ? (kind === 'settled' ? f.settled && f.settled.outcome : f.open && f.open.phase) : undefined;
    // Typed over both tables: every column named here is one of the table's own.
    let q = this.db.selectFrom(table as Table);
    if (f.sku) q = q.where('sku', '=', f.sku);
    if (f.supplier) q = q.where('supplier', '=', f.supplier);
    if (only) q = q.where(status, '=', only);
    if (f.from) q = q.where(at, '>=', f.from);
    if (f.to) q = q.where(at, '<', f.to);
    if (f.approval === 'rule') q = q.where('approvedBy', 'like', `${POLICY_APPROVER_PREFIX}%`);
    if (f.approval === 'person') q = q.where('approvedBy', 'is not', null).where('approvedBy', 'not like', `${POLICY_APPROVER_PREFIX}%`);
    return q;
  }

  /**
   * A page of one table, each row read on its own (one that cannot be read is left out and
   * reported); `end` is where its last row stands when the page is full, so more may follow.
   */
  private async pageOf(kind: Kind, f: RecordFilter, after: [string, string] | null, take: number, onDamaged?: OnDamaged): Promise<{ items: PurchaseOrderItem[]; end: Position | null }> {
    if (f[kind] === false) return { items: [], end: null };
    const { at } = SOURCES[kind];
    let q = this.rows(kind, f).selectAll();
    if (after) q = q.where((eb) => eb.or([eb(at, '<', after[0]), eb.and([eb(at, '=', after[0]), eb('replenishmentId', '<', after[1])])]));
    const rows = await q.orderBy(at, 'desc').orderBy('replenishmentId', 'desc').limit(take).execute();
    const items = kind === 'settled'
      ? readEach(rows as Selectable<PurchaseRecordsTable>[], (r) => settledItem(fromRow(r)), onDamaged)
      : readEach(rows as Selectable<OpenPurchaseOrdersTable>[], (r) => openItem(fromOpenRow(r)), onDamaged);
    const last = rows.at(-1) as Record<string, unknown> | undefined;
    return { items, end: rows.length === take && last ? { updatedAt: String(last[at]), replenishmentId: String(last.replenishmentId) } : null };
  }

  private async countOf(kind: Kind, f: RecordFilter): Promise<number> {
    if (f[kind] === false) return 0;
    const row = await this.rows(kind, f).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A page of POs matching the filter, open and settled alike, newest change first: a page of each
   * table after the cursor, merged. An open PO that changes between two pages moves to the top,
   * as in any list of live things.
   */
  async list(f: RecordFilter, page: { limit: number; after?: string }, onDamaged?: OnDamaged): Promise<RecordPage> {
    const after = page.after ? parseCursor(page.after) : null;
    const [settled, open, settledCount, openCount] = await Promise.all([
      this.pageOf('settled', f, after, page.limit + 1, onDamaged), this.pageOf('open', f, after, page.limit + 1, onDamaged),
      this.countOf('settled', f), this.countOf('open', f),
    ]);
    // A full page whose damaged rows were left out may end short of the limit: the list goes on after its last row,
    // and nothing past that row is known yet from the other table.
    const end = [settled.end, open.end].filter((e): e is Position => e !== null).sort(newerFirst)[0];
    const merged = [...open.items, ...settled.items].sort(newerFirst).filter((i) => !end || newerFirst(i, end) <= 0);
    const items = merged.slice(0, page.limit);
    const next = merged.length > page.limit ? cursorOf(items.at(-1)!) : end ? cursorOf(end) : null;
    return { items: await this.withSupplierOrders(items), next, total: settledCount + openCount };
  }

  /** Each PO with the consolidated PO it was a line of: one look-up for the page, not one per row. */
  private async withSupplierOrders(items: PurchaseOrderItem[]): Promise<PurchaseOrderItem[]> {
    const pos = items.map((i) => i.poNumber).filter((p): p is string => p !== null);
    const rows = pos.length === 0 ? [] : await this.db.selectFrom('supplierOrderLines').select(['poNumber', 'spoNumber']).where('poNumber', 'in', pos).execute();
    const spoOf = new Map(rows.map((r) => [r.poNumber, r.spoNumber]));
    return items.map((i) => ({ ...i, supplierOrder: (i.poNumber && spoOf.get(i.poNumber)) ?? null }));
  }

  /** Every PO matching the filter, newest change first, a batch at a time (for exports). */
  async *all(f: RecordFilter, batch = 500, onDamaged?: OnDamaged): AsyncGenerator<PurchaseOrderItem> {
    let after: string | undefined;
    do {
      const page = await this.list(f, { limit: batch, ...(after ? { after } : {}) }, onDamaged);
      yield* page.items;
      after = page.next ?? undefined;
    } while (after);
  }

  /**
   * The unit price of the last order of this SKU from this supplier that goods came for, or null
   * when there was none: an order cancelled there, or never delivered, is no price paid.
   */
  async lastPricePaid(sku: string, supplier: string): Promise<number | null> {
    const row = await this.db.selectFrom('purchaseRecords').select('unitPrice')
      .where('sku', '=', sku).where('supplier', '=', supplier).where('quantityOrdered', '>', 0).where('orderedAt', 'is not', null)
      .where('quantityReceived', '>', 0)
      .orderBy('orderedAt', 'desc').limit(1).executeTakeFirst();
    return row?.unitPrice == null ? null : Number(row.unitPrice);
  }

  /**
   * Money committed per supplier and month (of the order), months `from`..`to` inclusive (`YYYY-MM`):
   * orders of settled POs and of open ones alike, since an order placed is money committed the day
   * it is placed, not the day its goods arrive.
   */
  async spend(range: { from?: string; to?: string } = {}): Promise<SpendLine[]> {
    const sums = await Promise.all((['purchaseRecords', 'openPurchaseOrders'] as const).map((table) => {
      let q = this.db.selectFrom(table)
        .select((eb) => [
          'supplier', 'spendMonth', eb.fn.sum<number>('spendAmount').as('amount'), eb.fn.countAll().as('lines'),
          // A line of a consolidated PO is no order of its own: the consolidated PO counts once, below.
          eb.fn.countAll().filterWhere('poNumber', 'not in', eb.selectFrom('supplierOrderLines').select('poNumber')).as('orders'),
        ])
        .where('spendMonth', 'is not', null);
      if (range.from) q = q.where('spendMonth', '>=', range.from);
      if (range.to) q = q.where('spendMonth', '<=', range.to);
      return q.groupBy(['supplier', 'spendMonth']).execute();
    }));
    // A consolidated PO's freight is charged once on the whole order, in none of its lines' records: it
    // counts, with the order, in the month the supplier took it, beside the lines.
    const consolidated = (await this.db.selectFrom('supplierOrders').select(['supplier', 'placedAt', 'freight']).execute())
      .map((o) => ({ supplier: o.supplier, spendMonth: o.placedAt.slice(0, 7), amount: o.freight ?? 0, orders: 1, lines: 0 }))
      .filter((o) => (!range.from || o.spendMonth >= range.from) && (!range.to || o.spendMonth <= range.to));
    const lines = new Map<string, SpendLine>();
    for (const r of [...sums.flat(), ...consolidated]) {
      const key = JSON.stringify([r.spendMonth, r.supplier]);
      const line = lines.get(key) ?? { supplier: r.supplier!, month: r.spendMonth!, amount: 0, orders: 0, lines: 0 };
      line.amount += Number(r.amount);
      line.orders += Number(r.orders);
      line.lines += Number(r.lines);
      lines.set(key, line);
    }
    // Sums of cents in floating point: rounded back to the cent once.
    return [...lines.values()]
      .sort((a, b) => (a.month === b.month ? (a.supplier < b.supplier ? -1 : 1) : (a.month < b.month ? -1 : 1)))
      .map((l) => ({ ...l, amount: Math.round(l.amount * 100) / 100 }));
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}

export const openRecords = async (where: RecordsLocation): Promise<PurchaseRecords> => new PurchaseRecords(await openRecordsDb(where));
