import type { Selectable } from 'kysely';
import type { OpenOrderEntry, OpenPurchaseOrder } from '../domain/purchase-record.js';
import type { Phase } from '../domain/phase.js';
import type { OpenPurchaseOrdersTable, RecordsDb } from './database.js';
import { derivedColumns, sharedFields } from './po-columns.js';
import { OPEN_ORDER, publishInOrder } from './published.js';

export const toOpenRow = (o: OpenPurchaseOrder): OpenPurchaseOrdersTable => ({ ...o, ...derivedColumns({ ...o, outcome: o.phase }) });

export const fromOpenRow = (row: Selectable<OpenPurchaseOrdersTable>): OpenPurchaseOrder => ({
  ...sharedFields(row, 'open_purchase_orders'), poNumber: row.poNumber, phase: row.phase as Phase, updatedAt: row.updatedAt,
});

/**
 * POs still worked on, as a table beside the record: each run writes its row as its PO changes
 * (a local activity each, numbered, so a write older than the row is dropped; each is its whole
 * current line, so a retried write is harmless),
 * and the write of its record deletes it in the same transaction. Lists then read open and settled
 * POs from the database alike, and never ask a run.
 */
export class OpenOrders {
  constructor(private readonly db: RecordsDb) {}

  async show(entry: OpenOrderEntry): Promise<void> {
    await publishInOrder(this.db, { workflowId: entry.workflowId, what: OPEN_ORDER, version: entry.version }, async (db) => {
      if (!entry.order) {
        await db.deleteFrom('openPurchaseOrders').where('replenishmentId', '=', entry.workflowId).execute();
        return;
      }
      const { replenishmentId, ...rest } = toOpenRow(entry.order);
      await db.insertInto('openPurchaseOrders').values({ replenishmentId, ...rest })
        .onConflict((oc) => oc.column('replenishmentId').doUpdateSet(rest))
        .execute();
    });
  }
}
