import type { Selectable } from 'kysely';
import type { SupplierOrder, SupplierOrderAck } from '../domain/supplier-order.js';
import { replenishmentIdOfPo } from '../domain/ids.js';
import type { OpenPurchaseOrdersTable, PurchaseRecordsTable, RecordsDb, SupplierOrderLinesTable, SupplierOrdersTable } from './database.js';
import { batchesOf } from '../api/batches.js';

/** A line of a placed consolidated PO: its run's own PO number, and what the supplier took of it. */
export interface PlacedLine { poNumber: string; sku: string; quantity: number; unitPrice: number; lineTotal: number }

/** A consolidated PO as its supplier took it: the map from its SPO number to its lines. */
export interface PlacedSupplierOrder {
  spoNumber: string;
  supplier: string;
  currency: string;
  supplierRef: string;
  placedAt: string;
  goods: number;
  freight: number | null;
  total: number;
  lines: PlacedLine[];
}

/**
 * Where a line stands, from the rows its run writes (its open PO, then its record): `open` while the
 * run still follows the line; `settled` once it closed it; `elsewhere` when the run went on with
 * another PO or supplier (the supplier refused the line, the run bought elsewhere).
 */
export interface LineState {
  replenishmentId: string;
  standing: 'open' | 'settled' | 'elsewhere';
  /** The run's phase while open, its outcome once settled; `placed` before the run has shown the order. */
  status: string;
  quantityReceived: number;
  /** Units the line still expects: none unless it is open. */
  expected: number;
  /** Why the line takes no more messages; null while it is open. */
  why: string | null;
}

/** A run's phases that end it: between its last step and its record, the line is as good as settled. */
const ENDED = new Set(['received', 'cancelled', 'rejected', 'failed']);

type OpenRow = Pick<Selectable<OpenPurchaseOrdersTable>, 'replenishmentId' | 'poNumber' | 'supplier' | 'phase' | 'quantityReceived'>;
type RecordRow = Pick<Selectable<PurchaseRecordsTable>, 'replenishmentId' | 'poNumber' | 'supplier' | 'outcome' | 'reason' | 'quantityReceived'>;

/** A line's state from its run's rows: the record, when there is one, says the last word. */
export function lineStateOf(line: PlacedLine, supplier: string, open: OpenRow | undefined, record: RecordRow | undefined): LineState {
  const replenishmentId = replenishmentIdOfPo(line.poNumber);
  const closed = (standing: 'settled' | 'elsewhere', status: string, received: number, why: string): LineState =>
    ({ replenishmentId, standing, status, quantityReceived: received, expected: 0, why });
  if (record) {
    if (record.poNumber !== line.poNumber || record.supplier !== supplier) {
      return closed('elsewhere', record.outcome, 0, `${replenishmentId} settled with ${record.poNumber ?? 'no PO'}${record.supplier ? ` from ${record.supplier}` : ''} (${record.outcome}), not with this line`);
    }
    return closed('settled', record.outcome, Number(record.quantityReceived), `${line.poNumber} is settled (${record.outcome}: ${record.reason})`);
  }
  if (open) {
    const received = Number(open.quantityReceived);
    if (open.poNumber !== line.poNumber || open.supplier !== supplier) {
      return closed('elsewhere', open.phase, 0, `${replenishmentId} works on ${open.poNumber}${open.supplier ? ` from ${open.supplier}` : ''} now, not on this line`);
    }
    if (ENDED.has(open.phase)) return closed('settled', open.phase, received, `${line.poNumber} is ${open.phase}`);
    return { replenishmentId, standing: 'open', status: open.phase, quantityReceived: received, expected: Math.max(0, line.quantity - received), why: null };
  }
  return { replenishmentId, standing: 'open', status: 'placed', quantityReceived: 0, expected: line.quantity, why: null };
}

const fromRows = (o: Selectable<SupplierOrdersTable>, lines: Selectable<SupplierOrderLinesTable>[]): PlacedSupplierOrder => ({
  spoNumber: o.spoNumber, supplier: o.supplier, currency: o.currency, supplierRef: o.supplierRef, placedAt: o.placedAt,
  goods: Number(o.goods), freight: o.freight === null ? null : Number(o.freight), total: Number(o.total),
  lines: lines.map((l) => ({ poNumber: l.poNumber, sku: l.sku, quantity: Number(l.quantity), unitPrice: Number(l.unitPrice), lineTotal: Number(l.lineTotal) })),
});

/** A message to an SPO number as first received: what it said and the lines it went to. */
export interface SpoMessageEntry { key: string; spoNumber: string; digest: string; lines: string[]; receivedAt: string }

/**
 * Consolidated POs the suppliers took, each with its lines: written by the activity that places the
 * order, once the supplier has acknowledged it (a retry writes the same rows again, changing nothing),
 * and read by the API, which routes what is addressed to an SPO number to its lines' runs.
 */
export class SupplierOrders {
  constructor(private readonly db: RecordsDb) {}

  /** The lines the supplier acknowledged, under the SPO's number. */
  async placed(order: SupplierOrder, ack: SupplierOrderAck): Promise<void> {
    const taken = new Set(ack.lines.map((l) => l.poNumber));
    const lines = order.lines.filter((l) => taken.has(l.poNumber)).map((l, position) => ({
      poNumber: l.poNumber, spoNumber: order.spoNumber, position, sku: l.sku, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal,
    }));
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('supplierOrders').values({
        spoNumber: order.spoNumber, supplier: order.supplier, currency: order.currency, supplierRef: ack.supplierRef, placedAt: ack.acceptedAt,
        goods: order.goods, freight: order.freight ?? null, total: order.total,
      }).onConflict((oc) => oc.column('spoNumber').doNothing()).execute();
      for (const batch of batchesOf(lines, 200)) {
        await tx.insertInto('supplierOrderLines').values(batch).onConflict((oc) => oc.column('poNumber').doNothing()).execute();
      }
    });
  }

  /** The consolidated PO placed under this number, with its lines in order; null when none was. */
  async of(spoNumber: string): Promise<PlacedSupplierOrder | null> {
    const order = await this.db.selectFrom('supplierOrders').selectAll().where('spoNumber', '=', spoNumber).executeTakeFirst();
    if (!order) return null;
    const lines = await this.db.selectFrom('supplierOrderLines').selectAll().where('spoNumber', '=', spoNumber).orderBy('position').execute();
    return fromRows(order, lines);
  }

  /** Each line's state, read from its run's open PO and record (one query of each per few hundred lines). */
  async states(order: PlacedSupplierOrder): Promise<LineState[]> {
    const ids = order.lines.map((l) => replenishmentIdOfPo(l.poNumber));
    const open = new Map<string, OpenRow>();
    const settled = new Map<string, RecordRow>();
    for (const batch of batchesOf(ids, 500)) {
      const [openRows, recordRows] = await Promise.all([
        this.db.selectFrom('openPurchaseOrders').select(['replenishmentId', 'poNumber', 'supplier', 'phase', 'quantityReceived']).where('replenishmentId', 'in', batch).execute(),
        this.db.selectFrom('purchaseRecords').select(['replenishmentId', 'poNumber', 'supplier', 'outcome', 'reason', 'quantityReceived']).where('replenishmentId', 'in', batch).execute(),
      ]);
      for (const r of openRows) open.set(r.replenishmentId, r);
      for (const r of recordRows) settled.set(r.replenishmentId, r);
    }
    return order.lines.map((l, i) => lineStateOf(l, order.supplier, open.get(ids[i]!), settled.get(ids[i]!)));
  }

  /** The message first received under this key, if any. */
  async message(key: string): Promise<SpoMessageEntry | null> {
    const row = await this.db.selectFrom('supplierOrderMessages').selectAll().where('key', '=', key).executeTakeFirst();
    return row ? { ...row, lines: JSON.parse(row.lines) as string[] } : null;
  }

  /**
   * Takes a message to an SPO number by its key, the first time: later, the entry it was first
   * received as (its digest says whether it said the same, its lines where it went).
   */
  async claimMessage(entry: SpoMessageEntry): Promise<{ first: true } | { first: false; earlier: SpoMessageEntry }> {
    const result = await this.db.insertInto('supplierOrderMessages').values({ ...entry, lines: JSON.stringify(entry.lines) })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return { first: true };
    return { first: false, earlier: (await this.message(entry.key))! };
  }
}
