import type { Selectable } from 'kysely';
import type { ApprovalRequest, InboxEntry } from '../domain/phase.js';
import type { ConsolidatedApprovalRequest } from '../domain/supplier-order.js';
import { supplierDeskIdOfSpo } from '../domain/ids.js';
import type { ApprovalsWaitingTable, RecordsDb } from './database.js';
import { INBOX, publishInOrder } from './published.js';
import { jsonColumn, readEach, type OnDamaged } from './rows.js';

/** A purchase order in the approvals inbox. */
export interface ApprovalWaiting extends ApprovalRequest {
  sku: string;
  /** The replenishment asking: every decision on the PO goes to it. */
  workflowId: string;
  poNumber: string;
}

/** A supplier desk's consolidated PO in the approvals inbox: `workflowId` is the desk that drafted it, `sku` the SKUs of its lines. */
export interface ConsolidatedWaiting extends ConsolidatedApprovalRequest {
  sku: string;
  workflowId: string;
  poNumber: string;
}

/** A row of the inbox: a run's PO, or a supplier desk's consolidated PO (`kind: 'consolidated'`). */
export type InboxItem = ApprovalWaiting | ConsolidatedWaiting;

/**
 * The approvals inbox as a table: each replenishment writes its own row when it starts waiting for
 * a manager, rewrites it as approvals come in, and deletes it when it stops waiting; a supplier's
 * desk does the same for each consolidated PO it asks about, under the SPO number (a desk may have
 * several waiting), and the desk's id is read from that number. Reading 500
 * waiting POs is then one indexed query, where Temporal's visibility lists them at about 0.3 ms a
 * run on the dev server (docs/benchmarks.md). A run numbers its writes, and one older than the row is
 * dropped (src/records/published.ts); a write is the run's whole current answer, so a retried write is harmless.
 */
const fromRow = (r: Selectable<ApprovalsWaitingTable>): InboxItem => {
  const request = jsonColumn<ApprovalRequest | ConsolidatedApprovalRequest>('approvals_waiting', r.replenishmentId, 'request', r.request, 'object');
  const workflowId = 'kind' in request ? supplierDeskIdOfSpo(r.poNumber) : r.replenishmentId;
  return { ...request, sku: r.sku, workflowId, poNumber: r.poNumber };
};

export class ApprovalsWaiting {
  constructor(private readonly db: RecordsDb) {}

  async show(entry: InboxEntry): Promise<void> {
    await publishInOrder(this.db, { workflowId: entry.workflowId, what: INBOX, version: entry.version }, async (db) => {
      if (!entry.request) {
        await db.deleteFrom('approvalsWaiting').where('replenishmentId', '=', entry.workflowId).execute();
        return;
      }
      const { workflowId, sku, poNumber, request } = entry;
      const row = { sku, poNumber, request: JSON.stringify(request), requestedAt: request.requestedAt };
      await db.insertInto('approvalsWaiting').values({ replenishmentId: workflowId, ...row })
        .onConflict((oc) => oc.column('replenishmentId').doUpdateSet(row))
        .execute();
    });
  }

  /** A consolidated PO's row, keyed by its SPO number: written while the manager is asked, deleted (request null) once not. */
  async showSupplierOrder({ spoNumber, sku, request }: { spoNumber: string; sku: string; request: ConsolidatedApprovalRequest | null }): Promise<void> {
    if (!request) {
      await this.db.deleteFrom('approvalsWaiting').where('replenishmentId', '=', spoNumber).execute();
      return;
    }
    const row = { sku, poNumber: spoNumber, request: JSON.stringify(request), requestedAt: request.requestedAt };
    await this.db.insertInto('approvalsWaiting').values({ replenishmentId: spoNumber, ...row })
      .onConflict((oc) => oc.column('replenishmentId').doUpdateSet(row))
      .execute();
  }

  async clear(workflowId: string): Promise<void> {
    await this.db.deleteFrom('approvalsWaiting').where('replenishmentId', '=', workflowId).execute();
  }

  /** Every PO waiting, ordered by SKU; a row that cannot be read is left out (and reported), not the whole inbox. */
  async list(onDamaged?: OnDamaged): Promise<InboxItem[]> {
    const rows = await this.db.selectFrom('approvalsWaiting').selectAll().orderBy('sku').orderBy('replenishmentId').execute();
    return readEach(rows, fromRow, onDamaged);
  }

  /** What the replenishment is waiting for the manager about now, or null when it waits for nothing. */
  async of(workflowId: string): Promise<ApprovalWaiting | null> {
    const r = await this.db.selectFrom('approvalsWaiting').selectAll().where('replenishmentId', '=', workflowId).executeTakeFirst();
    const item = r ? fromRow(r) : null;
    return item && !('kind' in item) ? item : null;
  }

  /** The consolidated PO waiting for the manager under this SPO number, or null. */
  async supplierOrderOf(spoNumber: string): Promise<ConsolidatedWaiting | null> {
    const r = await this.db.selectFrom('approvalsWaiting').selectAll().where('replenishmentId', '=', spoNumber).executeTakeFirst();
    const item = r ? fromRow(r) : null;
    return item && 'kind' in item ? item : null;
  }

  /** The PO number the workflow (a run, a supplier's desk) asks the manager about now, or null. */
  async poNumberOf(workflowId: string): Promise<string | null> {
    const r = await this.db.selectFrom('approvalsWaiting').select('poNumber').where('replenishmentId', '=', workflowId).executeTakeFirst();
    return r?.poNumber ?? null;
  }

  /** How many POs wait, and since when the oldest asked (null when none has a time). */
  async summary(): Promise<{ waiting: number; oldestRequestedAt: string | null }> {
    const row = await this.db.selectFrom('approvalsWaiting')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.min('requestedAt').as('oldest')])
      .executeTakeFirstOrThrow();
    return { waiting: Number(row.n), oldestRequestedAt: (row.oldest as string | null) ?? null };
  }
}
