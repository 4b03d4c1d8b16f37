import { replenishmentIdOfPo } from '../domain/ids.js';
import { fromCents, toCents } from '../domain/money.js';
import type { RecordsDb } from './database.js';

export interface BudgetRequest {
  poNumber: string;
  sku: string;
  /** `YYYY-MM` (UTC). */
  month: string;
  amount: number;
  limit: number;
  at: string;
}

/** `left`: what the month's budget holds after this reservation, or before the refused one. */
export type BudgetAnswer = { reserved: boolean; month: string; left: number };


/** Joins a PO number to what is reserved on top of it for a price raised after its order. */
const RAISE = '@';
/** The reservation key of the difference a price raised after the order adds to an order a rule approved. */
export const raiseKey = (poNumber: string, unitPrice: number): string => `${poNumber}${RAISE}${unitPrice}`;
const poOfKey = (key: string): string => key.split(RAISE)[0]!;
class OverBudget extends Error {}

/**
 * The monthly budget rule approvals draw on, shared by every agent and worker. A reservation is
 * one transaction: the PO's row is inserted first (a retried approval of the same PO finds it and
 * reserves nothing more), then the month's total is raised only if it stays within the limit. That
 * conditional UPDATE is the guard against races: SQLite runs one writer at a time, and PostgreSQL
 * makes a second UPDATE of the month's row wait for the first to commit and then re-checks its
 * condition against the new total.
 */
export class BudgetLedger {
  constructor(private readonly db: RecordsDb) {}

  async reserve(r: BudgetRequest): Promise<BudgetAnswer> {
    const amount = toCents(r.amount);
    const limit = toCents(r.limit);
    const left = async (tx: RecordsDb, month: string) => {
      const row = await tx.selectFrom('budgetMonths').select('reservedCents').where('month', '=', month).executeTakeFirstOrThrow();
      return fromCents(limit - Number(row.reservedCents));
    };
    try {
      return await this.db.transaction().execute(async (tx) => {
        await tx.insertInto('budgetMonths').values({ month: r.month, reservedCents: 0 }).onConflict((oc) => oc.column('month').doNothing()).execute();
        const inserted = await tx.insertInto('budgetReservations')
          .values({ poNumber: r.poNumber, replenishmentId: replenishmentIdOfPo(poOfKey(r.poNumber)), month: r.month, amountCents: amount, sku: r.sku, reservedAt: r.at })
          .onConflict((oc) => oc.column('poNumber').doNothing()).executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
          const earlier = await tx.selectFrom('budgetReservations').select('month').where('poNumber', '=', r.poNumber).executeTakeFirstOrThrow();
          return { reserved: true, month: earlier.month, left: await left(tx, earlier.month) };
        }
        const raised = await tx.updateTable('budgetMonths')
          .set((eb) => ({ reservedCents: eb('reservedCents', '+', amount) }))
          .where('month', '=', r.month).where((eb) => eb(eb('reservedCents', '+', amount), '<=', limit))
          .executeTakeFirst();
        // Rolls the PO's row back with the refusal, so a later, smaller draft of it can still be asked.
        if (Number(raised.numUpdatedRows) === 0) throw new OverBudget();
        return { reserved: true, month: r.month, left: await left(tx, r.month) };
      });
    } catch (err) {
      if (!(err instanceof OverBudget)) throw err;
      const row = await this.db.selectFrom('budgetMonths').select('reservedCents').where('month', '=', r.month).executeTakeFirst();
      return { reserved: false, month: r.month, left: fromCents(limit - Number(row?.reservedCents ?? 0)) };
    }
  }

  /**
   * Gives back what a settled replenishment reserved for POs it did not order (a revision replaced
   * them, the run was cancelled or rejected, the order was cancelled at the supplier). `ordered` is
   * the PO whose order stands, whose reservation stays. Run again, it finds nothing left to give back.
   */
  async release(replenishmentId: string, ordered: string | null): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      let q = tx.selectFrom('budgetReservations').select(['poNumber', 'month', 'amountCents']).where('replenishmentId', '=', replenishmentId);
      // What was reserved on top of the order that stands, for a price raised after it, stays with it.
      if (ordered) q = q.where('poNumber', '!=', ordered).where('poNumber', 'not like', `${ordered}${RAISE}%`);
      let given = 0;
      for (const r of await q.execute()) {
        const deleted = await tx.deleteFrom('budgetReservations').where('poNumber', '=', r.poNumber).executeTakeFirst();
        // Only the transaction that deleted the row gives its amount back.
        if (Number(deleted.numDeletedRows) === 0) continue;
        await tx.updateTable('budgetMonths').set((eb) => ({ reservedCents: eb('reservedCents', '-', Number(r.amountCents)) })).where('month', '=', r.month).execute();
        given += Number(r.amountCents);
      }
      return fromCents(given);
    });
  }

  /** What rule approvals have reserved in a month. */
  async reserved(month: string): Promise<number> {
    const row = await this.db.selectFrom('budgetMonths').select('reservedCents').where('month', '=', month).executeTakeFirst();
    return fromCents(row?.reservedCents ?? 0);
  }
}
