import type { Selectable } from 'kysely';
import { committedSpend, type ApprovalEntry, type PurchaseOrderStatus, type PurchaseRecord } from '../domain/purchase-record.js';
import type { PurchaseRecordsTable } from './database.js';
import { jsonColumn } from './rows.js';

/** The columns the record and the open purchase orders share, as their rows hold them. */
type SharedRow = Pick<Selectable<PurchaseRecordsTable>,
  'replenishmentId' | 'runId' | 'sku' | 'replenishment' | 'supplier' | 'quantityDrafted' | 'quantityOrdered' | 'quantityReceived'
  | 'unitPrice' | 'orderTotal' | 'currency' | 'approvals' | 'startedAt' | 'orderedAt' | 'receivedAt'>;

const numberOrNull = (v: number | null): number | null => (v === null ? null : Number(v));

/**
 * PostgreSQL hands integers and doubles back as strings or numbers by type: every number is made one here.
 * A JSON column that is not what the service wrote is a DamagedRow naming the table and the row.
 */
export const sharedFields = (row: SharedRow, table: string) => ({
  replenishmentId: row.replenishmentId, runId: row.runId, sku: row.sku, replenishment: Number(row.replenishment), supplier: row.supplier,
  quantityDrafted: numberOrNull(row.quantityDrafted), quantityOrdered: Number(row.quantityOrdered), quantityReceived: Number(row.quantityReceived),
  unitPrice: numberOrNull(row.unitPrice), orderTotal: numberOrNull(row.orderTotal), currency: row.currency,
  approvals: jsonColumn<ApprovalEntry[]>(table, row.replenishmentId, 'approvals', row.approvals, 'array'), startedAt: row.startedAt, orderedAt: row.orderedAt, receivedAt: row.receivedAt,
});

/** What both tables keep beside a PO's fields, for the filters and the spend to read as columns. */
export const derivedColumns = (r: Pick<PurchaseRecord, 'approvals' | 'orderTotal' | 'orderedAt'> & { outcome: PurchaseOrderStatus }) => {
  const spend = committedSpend(r);
  return {
    approvals: JSON.stringify(r.approvals), approvedBy: r.approvals.find((a) => a.decision === 'approved')?.by ?? null,
    spendMonth: spend?.month ?? null, spendAmount: spend?.amount ?? null,
  };
};
