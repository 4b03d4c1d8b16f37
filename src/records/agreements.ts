import { randomBytes } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Agreement, AgreementApproval, AgreementLine, AgreementOffer } from '../domain/agreement.js';
import { formatMoney, fromCents, toCents } from '../domain/money.js';
import { replenishmentIdOfPo } from '../domain/ids.js';
import type { AgreementDrawsTable, AgreementLinesTable, AgreementsTable, RecordsDb } from './database.js';

/** What a manager approves: the agreement before anything is drawn (instants: from `validFrom` up to, not including, `validUntil`). */
export type NewAgreement = Pick<Agreement, 'supplier' | 'currency' | 'approval' | 'validFrom' | 'validUntil' | 'leadTimeDays' | 'totalValue' | 'approvedBy' | 'approvedAt' | 'note'>
  & { lines: Pick<AgreementLine, 'sku' | 'unitPrice' | 'moq' | 'orderMultiple' | 'quantity'>[] };

export interface DrawRequest {
  agreementId: string;
  poNumber: string;
  sku: string;
  supplier: string;
  quantity: number;
  unitPrice: number;
  total: number;
  at: string;
}

/** Drawn: the agreement as it stands after the draw. Refused: why, in words for the manager. */
export type DrawAnswer = { drawn: true; agreement: Agreement } | { drawn: false; why: string };

export interface Draw { poNumber: string; agreementId: string; replenishmentId: string; sku: string; quantity: number; value: number; drawnAt: string }

class Refused extends Error {}

/** What is left of an agreement's value, from its row's cents; null when only its lines limit it. */
const remainingValueOf = (row: { totalValueCents: number | string | null; drawnCents: number | string }): number | null =>
  row.totalValueCents === null ? null : fromCents(Number(row.totalValueCents) - Number(row.drawnCents));

const toDraw = ({ valueCents, ...d }: Selectable<AgreementDrawsTable>): Draw => ({ ...d, quantity: Number(d.quantity), value: fromCents(valueCents) });

function toAgreement(row: Selectable<AgreementsTable>, lines: Selectable<AgreementLinesTable>[]): Agreement {
  const total = row.totalValueCents === null ? null : fromCents(row.totalValueCents);
  return {
    agreementId: row.id, supplier: row.supplier, currency: row.currency, approval: row.approval as AgreementApproval,
    validFrom: row.validFrom, validUntil: row.validUntil, leadTimeDays: Number(row.leadTimeDays),
    totalValue: total, drawnValue: fromCents(row.drawnCents), remainingValue: remainingValueOf(row),
    lines: lines.map((l): AgreementLine => ({
      sku: l.sku, unitPrice: Number(l.unitPrice), moq: Number(l.moq), orderMultiple: l.orderMultiple === null ? null : Number(l.orderMultiple),
      quantity: l.quantity === null ? null : Number(l.quantity), drawnQuantity: Number(l.drawnQuantity),
      remainingQuantity: l.quantity === null ? null : Number(l.quantity) - Number(l.drawnQuantity),
    })),
    approvedBy: row.approvedBy, approvedAt: row.approvedAt, cancelledBy: row.cancelledBy, cancelledAt: row.cancelledAt,
    cancelReason: row.cancelReason, note: row.note,
  };
}

/**
 * Blanket agreements and what orders drew from them, shared by every agent and worker. A draw is
 * one transaction, as a budget reservation is (src/records/budget.ts): the PO's row is inserted
 * first (a retried approval of the same PO finds it and draws nothing more), then the SKU's line
 * and the agreement are each raised by a conditional UPDATE that holds only while the agreement is
 * in force and the result stays within its quantity and value. SQLite runs one writer at a time;
 * PostgreSQL makes a second UPDATE of the same row wait for the first to commit and re-checks its
 * condition against what the first left. Every transaction takes the line before the agreement, so
 * two of them never wait on each other.
 */
export class AgreementLedger {
  constructor(private readonly db: RecordsDb) {}

  async create(a: NewAgreement): Promise<Agreement> {
    const id = `BA-${randomBytes(4).toString('hex')}`;
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('agreements').values({
        id, supplier: a.supplier, currency: a.currency, approval: a.approval, validFrom: a.validFrom, validUntil: a.validUntil,
        leadTimeDays: a.leadTimeDays, totalValueCents: a.totalValue === null ? null : toCents(a.totalValue), drawnCents: 0,
        approvedBy: a.approvedBy, approvedAt: a.approvedAt, cancelledBy: null, cancelledAt: null, cancelReason: null, note: a.note,
      }).execute();
      await tx.insertInto('agreementLines').values(a.lines.map((l) => ({ agreementId: id, ...l, drawnQuantity: 0 }))).execute();
    });
    return (await this.get(id))!;
  }

  async get(id: string, db: RecordsDb = this.db): Promise<Agreement | null> {
    const row = await db.selectFrom('agreements').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return toAgreement(row, await db.selectFrom('agreementLines').selectAll().where('agreementId', '=', id).orderBy('sku').execute());
  }

  /** The newest approved first; `sku`, `supplier`: only agreements with that line, with that supplier. */
  async list(f: { sku?: string; supplier?: string; limit?: number } = {}): Promise<Agreement[]> {
    let q = this.db.selectFrom('agreements').selectAll();
    if (f.supplier) q = q.where('supplier', '=', f.supplier);
    if (f.sku) q = q.where('id', 'in', this.db.selectFrom('agreementLines').select('agreementId').where('sku', '=', f.sku!));
    const rows = await q.orderBy('approvedAt', 'desc').orderBy('id', 'desc').limit(f.limit ?? 500).execute();
    if (rows.length === 0) return [];
    const lines = await this.db.selectFrom('agreementLines').selectAll().where('agreementId', 'in', rows.map((r) => r.id)).orderBy('sku').execute();
    return rows.map((r) => toAgreement(r, lines.filter((l) => l.agreementId === r.id)));
  }

  /** Ends an agreement for every later draw; what was drawn stays drawn. Null when there is none; `already` when it was cancelled before. */
  async cancel(id: string, by: string, reason: string, at: string): Promise<{ agreement: Agreement; already: boolean } | null> {
    const done = await this.db.updateTable('agreements').set({ cancelledBy: by, cancelledAt: at, cancelReason: reason })
      .where('id', '=', id).where('cancelledAt', 'is', null).executeTakeFirst();
    const agreement = await this.get(id);
    return agreement && { agreement, already: Number(done.numUpdatedRows) === 0 };
  }

  /** The agreements in force at `at` with a line for this SKU, and what is left of each. */
  async offers(sku: string, at: string): Promise<AgreementOffer[]> {
    const rows = await this.db.selectFrom('agreementLines').innerJoin('agreements', 'agreements.id', 'agreementLines.agreementId')
      .select(['agreements.id', 'agreements.supplier', 'agreements.leadTimeDays', 'agreements.validUntil', 'agreements.totalValueCents', 'agreements.drawnCents',
        'agreementLines.sku', 'agreementLines.unitPrice', 'agreementLines.moq', 'agreementLines.orderMultiple', 'agreementLines.quantity', 'agreementLines.drawnQuantity'])
      .where('agreementLines.sku', '=', sku).where('agreements.cancelledAt', 'is', null)
      .where('agreements.validFrom', '<=', at).where('agreements.validUntil', '>', at)
      .orderBy('agreements.id').execute();
    return rows.map((r) => ({
      agreementId: r.id, supplier: r.supplier, sku: r.sku, unitPrice: Number(r.unitPrice), moq: Number(r.moq),
      orderMultiple: r.orderMultiple === null ? null : Number(r.orderMultiple), leadTimeDays: Number(r.leadTimeDays), validUntil: r.validUntil,
      remainingQuantity: r.quantity === null ? null : Number(r.quantity) - Number(r.drawnQuantity),
      remainingValue: remainingValueOf(r),
    }));
  }

  async draw(d: DrawRequest): Promise<DrawAnswer> {
    const value = toCents(d.total);
    try {
      return await this.db.transaction().execute(async (tx) => {
        const inserted = await tx.insertInto('agreementDraws')
          .values({ poNumber: d.poNumber, agreementId: d.agreementId, replenishmentId: replenishmentIdOfPo(d.poNumber), sku: d.sku, quantity: d.quantity, valueCents: value, drawnAt: d.at })
          .onConflict((oc) => oc.column('poNumber').doNothing()).executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
          const earlier = await tx.selectFrom('agreementDraws').select('agreementId').where('poNumber', '=', d.poNumber).executeTakeFirstOrThrow();
          return { drawn: true, agreement: (await this.get(earlier.agreementId, tx))! };
        }
        const line = await tx.updateTable('agreementLines')
          .set((eb) => ({ drawnQuantity: eb('drawnQuantity', '+', d.quantity) }))
          .where('agreementId', '=', d.agreementId).where('sku', '=', d.sku).where('unitPrice', '=', d.unitPrice)
          .where((eb) => eb.or([eb('quantity', 'is', null), eb(eb('drawnQuantity', '+', d.quantity), '<=', eb.ref('quantity'))]))
          .executeTakeFirst();
        if (Number(line.numUpdatedRows) === 0) throw new Refused();
        const agreement = await tx.updateTable('agreements')
          .set((eb) => ({ drawnCents: eb('drawnCents', '+', value) }))
          .where('id', '=', d.agreementId).where('supplier', '=', d.supplier).where('cancelledAt', 'is', null)
          .where('validFrom', '<=', d.at).where('validUntil', '>', d.at)
          .where((eb) => eb.or([eb('totalValueCents', 'is', null), eb(eb('drawnCents', '+', value), '<=', eb.ref('totalValueCents'))]))
          .executeTakeFirst();
        // Rolls the PO's row and the line back with the refusal, so a later, smaller draft of it can still draw.
        if (Number(agreement.numUpdatedRows) === 0) throw new Refused();
        return { drawn: true, agreement: (await this.get(d.agreementId, tx))! };
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      return { drawn: false, why: await this.whyNot(d) };
    }
  }

  /** Why a draw was refused, from the agreement as it stands after the refusal. */
  private async whyNot(d: DrawRequest): Promise<string> {
    const a = await this.get(d.agreementId);
    const named = `agreement ${d.agreementId}`;
    if (!a) return `there is no ${named}`;
    const money = (n: number) => formatMoney(n, a.currency);
    const line = a.lines.find((l) => l.sku === d.sku);
    if (a.cancelledAt !== null) return `${named} was cancelled at ${a.cancelledAt} by ${a.cancelledBy}`;
    if (d.at >= a.validUntil) return `${named} expired at ${a.validUntil}`;
    if (d.at < a.validFrom) return `${named} is valid only from ${a.validFrom}`;
    if (a.supplier !== d.supplier) return `${named} is with ${a.supplier}, not ${d.supplier}`;
    if (!line) return `${named} does not cover ${d.sku}`;
    if (line.unitPrice !== d.unitPrice) return `${named} prices ${d.sku} at ${money(line.unitPrice)}, not ${money(d.unitPrice)}`;
    if (line.remainingQuantity !== null && line.remainingQuantity < d.quantity) {
      return `${named} has ${line.remainingQuantity} × ${d.sku} left, fewer than the ${d.quantity} this PO needs`;
    }
    if (a.remainingValue !== null && a.remainingValue < d.total) return `${named} has ${money(a.remainingValue)} left, less than the total ${money(d.total)}`;
    return `${named} changed while this PO drew on it`;
  }

  /**
   * Gives back what a settled replenishment drew for POs it did not order (a revision replaced them,
   * the run was cancelled or rejected, the order was cancelled at the supplier). `ordered` is the
   * PO whose order stands, whose draw stays. Run again, it finds nothing left to give back.
   */
  async release(replenishmentId: string, ordered: string | null): Promise<number> {
    return this.db.transaction().execute(async (tx) => {
      let q = tx.selectFrom('agreementDraws').selectAll().where('replenishmentId', '=', replenishmentId);
      if (ordered) q = q.where('poNumber', '!=', ordered);
      let given = 0;
      for (const d of await q.execute()) {
        const deleted = await tx.deleteFrom('agreementDraws').where('poNumber', '=', d.poNumber).executeTakeFirst();
        // Only the transaction that deleted the row gives its draw back.
        if (Number(deleted.numDeletedRows) === 0) continue;
        await tx.updateTable('agreementLines').set((eb) => ({ drawnQuantity: eb('drawnQuantity', '-', Number(d.quantity)) }))
          .where('agreementId', '=', d.agreementId).where('sku', '=', d.sku).execute();
        await tx.updateTable('agreements').set((eb) => ({ drawnCents: eb('drawnCents', '-', Number(d.valueCents)) })).where('id', '=', d.agreementId).execute();
        given += Number(d.quantity);
      }
      return given;
    });
  }

  /** The draw a PO made and still holds, or null. */
  async drawOf(poNumber: string): Promise<Draw | null> {
    const d = await this.db.selectFrom('agreementDraws').selectAll().where('poNumber', '=', poNumber).executeTakeFirst();
    return d ? toDraw(d) : null;
  }

  /** The draws an agreement holds, newest first. */
  async draws(agreementId: string): Promise<Draw[]> {
    const rows = await this.db.selectFrom('agreementDraws').selectAll().where('agreementId', '=', agreementId).orderBy('drawnAt', 'desc').orderBy('poNumber').execute();
    return rows.map(toDraw);
  }
}
