import type { Selectable } from 'kysely';
import { POLICY_APPROVER_PREFIX } from '../domain/approval-policy.js';
import { committedSpend, type PurchaseRecord } from '../domain/purchase-record.js';
import type { OutcomeKind } from '../domain/types.js';
import { ApprovalsWaiting } from './approvals-waiting.js';
import { BudgetLedger } from './budget.js';
import { openRecordsDb, type PurchaseRecordsTable, type RecordsDb, type RecordsLocation } from './database.js';

export interface RecordFilter {
  sku?: string;
  supplier?: string;
  outcome?: OutcomeKind;
  /** Settled at or after this time (ISO 8601). */
  from?: string;
  /** Settled before this time (ISO 8601). */
  to?: string;
  /** Approved by a rule of the approval policy, or by a person. */
  approval?: 'rule' | 'person';
}

export interface RecordPage { items: PurchaseRecord[]; next: string | null; total: number }
export interface SpendLine { supplier: string; month: string; amount: number; orders: number }

/** Pages go newest settled first; the cursor is the last row's (settledAt, replenishmentId). */
const cursorOf = (r: Pick<PurchaseRecord, 'settledAt' | 'replenishmentId'>): string =>
  Buffer.from(JSON.stringify([r.settledAt, r.replenishmentId])).toString('base64url');

export class BadCursor extends Error {}

function parseCursor(cursor: string): [string, string] {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && v.every((x) => typeof x === 'string')) return v as [string, string];
  } catch { /* answered below */ }
  throw new BadCursor('after: not a cursor this API handed out (pass the `next` of a previous page)');
}

const toRow = (r: PurchaseRecord): PurchaseRecordsTable => {
  const spend = committedSpend(r);
  return {
    replenishmentId: r.replenishmentId, runId: r.runId, sku: r.sku, replenishment: r.replenishment, poNumber: r.poNumber,
    supplier: r.supplier, quantityDrafted: r.quantityDrafted, quantityOrdered: r.quantityOrdered, quantityReceived: r.quantityReceived,
    unitPrice: r.unitPrice, orderTotal: r.orderTotal, currency: r.currency,
    approvedBy: r.approvals.find((a) => a.decision === 'approved')?.by ?? null,
    approvals: JSON.stringify(r.approvals), outcome: r.outcome, reason: r.reason, startedAt: r.startedAt, settledAt: r.settledAt,
    orderedAt: r.orderedAt, spendMonth: spend?.month ?? null, spendAmount: spend?.amount ?? null, receivedAt: r.receivedAt,
    turns: JSON.stringify(r.turns),
  };
};

const fromRow = (row: Selectable<PurchaseRecordsTable>): PurchaseRecord => ({
  replenishmentId: row.replenishmentId, runId: row.runId, sku: row.sku, replenishment: Number(row.replenishment),
  poNumber: row.poNumber, supplier: row.supplier,
  quantityDrafted: row.quantityDrafted === null ? null : Number(row.quantityDrafted),
  quantityOrdered: Number(row.quantityOrdered), quantityReceived: Number(row.quantityReceived),
  unitPrice: row.unitPrice === null ? null : Number(row.unitPrice), orderTotal: row.orderTotal === null ? null : Number(row.orderTotal),
  currency: row.currency, approvals: JSON.parse(row.approvals) as PurchaseRecord['approvals'], outcome: row.outcome as OutcomeKind,
  reason: row.reason, startedAt: row.startedAt, settledAt: row.settledAt, orderedAt: row.orderedAt, receivedAt: row.receivedAt,
  turns: JSON.parse(row.turns) as PurchaseRecord['turns'],
});

/** The purchasing record: one row per settled replenishment, in SQLite or PostgreSQL. */
export class PurchaseRecords {
  readonly budget: BudgetLedger;
  /** The approvals inbox, which the runs write as they wait for managers. */
  readonly waiting: ApprovalsWaiting;

  constructor(readonly db: RecordsDb) {
    this.budget = new BudgetLedger(db);
    this.waiting = new ApprovalsWaiting(db);
  }

  /**
   * Writes the record of a replenishment, keyed by its id: a retried activity, or the same run
   * recorded again, leaves one row holding the latest write.
   */
  async save(record: PurchaseRecord): Promise<void> {
    const { replenishmentId, ...rest } = toRow(record);
    await this.db.insertInto('purchaseRecords').values({ replenishmentId, ...rest })
      .onConflict((oc) => oc.column('replenishmentId').doUpdateSet(rest))
      .execute();
  }

  async get(replenishmentId: string): Promise<PurchaseRecord | null> {
    const row = await this.db.selectFrom('purchaseRecords').selectAll().where('replenishmentId', '=', replenishmentId).executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  private filtered(f: RecordFilter) {
    let q = this.db.selectFrom('purchaseRecords');
    if (f.sku) q = q.where('sku', '=', f.sku);
    if (f.supplier) q = q.where('supplier', '=', f.supplier);
    if (f.outcome) q = q.where('outcome', '=', f.outcome);
    if (f.from) q = q.where('settledAt', '>=', f.from);
    if (f.to) q = q.where('settledAt', '<', f.to);
    if (f.approval === 'rule') q = q.where('approvedBy', 'like', `${POLICY_APPROVER_PREFIX}%`);
    if (f.approval === 'person') q = q.where('approvedBy', 'is not', null).where('approvedBy', 'not like', `${POLICY_APPROVER_PREFIX}%`);
    return q;
  }

  /** A page of records matching the filter, newest settled first. */
  async list(f: RecordFilter, page: { limit: number; after?: string }): Promise<RecordPage> {
    let q = this.filtered(f).selectAll();
    if (page.after) {
      const [at, id] = parseCursor(page.after);
      q = q.where((eb) => eb.or([eb('settledAt', '<', at), eb.and([eb('settledAt', '=', at), eb('replenishmentId', '<', id)])]));
    }
    const [rows, count] = await Promise.all([
      q.orderBy('settledAt', 'desc').orderBy('replenishmentId', 'desc').limit(page.limit + 1).execute(),
      this.filtered(f).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items = rows.slice(0, page.limit).map(fromRow);
    return { items, next: rows.length > page.limit ? cursorOf(items.at(-1)!) : null, total: Number(count.n) };
  }

  /** Every record matching the filter, newest settled first, a batch at a time (for exports). */
  async *all(f: RecordFilter, batch = 500): AsyncGenerator<PurchaseRecord> {
    let after: string | undefined;
    do {
      const page = await this.list(f, { limit: batch, ...(after ? { after } : {}) });
      yield* page.items;
      after = page.next ?? undefined;
    } while (after);
  }

  /** The unit price of the last order of this SKU placed with this supplier, or null when there was none. */
  async lastPricePaid(sku: string, supplier: string): Promise<number | null> {
    const row = await this.db.selectFrom('purchaseRecords').select('unitPrice')
      .where('sku', '=', sku).where('supplier', '=', supplier).where('quantityOrdered', '>', 0).where('orderedAt', 'is not', null)
      .orderBy('orderedAt', 'desc').limit(1).executeTakeFirst();
    return row?.unitPrice == null ? null : Number(row.unitPrice);
  }

  /** Money committed per supplier and month (of the order), months `from`..`to` inclusive (`YYYY-MM`). */
  async spend(range: { from?: string; to?: string } = {}): Promise<SpendLine[]> {
    let q = this.db.selectFrom('purchaseRecords')
      .select((eb) => ['supplier', 'spendMonth', eb.fn.sum<number>('spendAmount').as('amount'), eb.fn.countAll().as('orders')])
      .where('spendMonth', 'is not', null);
    if (range.from) q = q.where('spendMonth', '>=', range.from);
    if (range.to) q = q.where('spendMonth', '<=', range.to);
    const rows = await q.groupBy(['supplier', 'spendMonth']).orderBy('spendMonth').orderBy('supplier').execute();
    // Sums of cents in floating point: rounded back to the cent once.
    return rows.map((r) => ({ supplier: r.supplier!, month: r.spendMonth!, amount: Math.round(Number(r.amount) * 100) / 100, orders: Number(r.orders) }));
  }

  close(): Promise<void> {
    return this.db.destroy();
  }
}

export const openRecords = async (where: RecordsLocation): Promise<PurchaseRecords> => new PurchaseRecords(await openRecordsDb(where));
