import { Readable } from 'node:stream';
import { z } from 'zod';
import { PO_PHASES, type Phase } from '../domain/phase.js';
import { currencyOf, type Rules } from '../domain/rules.js';
import { OUTCOME_KINDS, type OutcomeKind } from '../domain/types.js';
import { parsePoNumber, parseSpoNumber, replenishmentIdOfPo } from '../domain/ids.js';
import { CSV_HEADER, csvLine } from '../records/csv.js';
import { BadCursor, type PurchaseRecords, type RecordFilter } from '../records/store.js';
import type { Agents } from './agents.js';
import { HttpError, logDamaged } from './errors.js';
import type { OnDamaged } from '../records/rows.js';
import { placedSpo } from './supplier-order-messages.js';
import { PurchaseOrderView, PurchaseRecordView, RecordPage, Spend, SupplierOrderView, refused, text } from './responses.js';
import { PoOrSpoParam, PoParam, queryName, RecordFilterQuery, RecordListQuery, SpendQuery, type Api } from './schemas.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

const isOutcome = (s: string): s is OutcomeKind => (OUTCOME_KINDS as readonly string[]).includes(s);
const phaseNamed = (s: string): Phase | undefined => PO_PHASES.find((p) => queryName(p) === s);

/**
 * Which of the two tables a status reads, and how: an outcome names settled POs, a phase open ones,
 * and a word that is both (received, cancelled, …) also finds a PO in the moment between its last
 * step and its record.
 */
function byStatus(status: string | undefined, outcome: OutcomeKind | undefined): Pick<RecordFilter, 'settled' | 'open'> {
  if (outcome) {
    if (status && status !== outcome && status !== 'settled') throw new HttpError(400, `status ${status} and outcome ${outcome} cannot both hold`);
    return { settled: { outcome }, open: false };
  }
  if (!status) return {};
  const phase = phaseNamed(status);
  return {
    settled: status === 'settled' ? {} : isOutcome(status) ? { outcome: status } : false,
    open: status === 'open' ? {} : phase ? { phase } : false,
  };
}

/** The query's bounds as the stored UTC times: a day from its start, `to` a day included whole. */
function filterOf(q: z.infer<typeof RecordFilterQuery>): RecordFilter {
  const from = q.from ? new Date(DAY.test(q.from) ? `${q.from}T00:00:00Z` : q.from).toISOString() : undefined;
  const to = q.to ? (DAY.test(q.to) ? nextDay(q.to) : new Date(q.to).toISOString()) : undefined;
  // An empty page would read as "nothing bought then" when the bounds were only swapped.
  if (from && to && from >= to) throw new HttpError(400, `from (${q.from}) must come before to (${q.to})`);
  return {
    ...(q.sku ? { sku: q.sku } : {}), ...(q.supplier ? { supplier: q.supplier } : {}), ...byStatus(q.status, q.outcome),
    ...(q.approval ? { approval: q.approval } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}),
  };
}

const csvHeaders = { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="purchase-orders.csv"' };

/** Every matching record as CSV, streamed a batch at a time. */
const csvOf = (records: PurchaseRecords, f: RecordFilter, onDamaged: OnDamaged): Readable =>
  Readable.from((async function* lines() {
    yield CSV_HEADER;
    for await (const r of records.all(f, undefined, onDamaged)) yield csvLine(r);
  })());

/** The blanket agreement the PO drew on and still holds the draw of: once ordered, for good. */
async function drawnOn(records: PurchaseRecords, po: string | null) {
  const draw = po ? await records.agreements.drawOf(po) : null;
  return draw && { agreementId: draw.agreementId, quantity: draw.quantity, value: draw.value, drawnAt: draw.drawnAt };
}

/**
 * Purchase orders: where one is worked on (Temporal's visibility), and the purchasing record of
 * settled ones (the service's database), which stays when Temporal's retention deletes the run.
 */
export function purchaseOrderRoutes(app: Api, agents: Agents, records: PurchaseRecords, rules: Rules): void {
  const list = (f: RecordFilter, page: { limit: number; after?: string }, onDamaged: OnDamaged) => records.list(f, page, onDamaged).catch((err: unknown) => {
    if (err instanceof BadCursor) throw new HttpError(400, err.message);
    throw err;
  });

  app.get('/purchase-orders', {
    schema: {
      summary: 'Purchase orders, open and settled, newest change first, filtered and paged (or all of them as CSV)',
      description: 'A settled PO is its purchasing record (status: its outcome); an open one shows what it holds so far '
        + '(status: its phase, outcome and settledAt null, its decision log still in the run\'s history).',
      tags: ['purchase orders'], querystring: RecordListQuery,
      response: {
        200: {
          description: 'a page of records; with format=csv every matching record as CSV',
          content: { 'application/json': { schema: RecordPage }, 'text/csv': { schema: z.string() } },
        },
        400: refused('a filter, limit or cursor that is not valid'),
      },
    },
  }, async (req, reply) => {
    const { limit, after, format, ...filters } = req.query;
    if (format === 'csv') return reply.headers(csvHeaders).send(csvOf(records, filterOf(filters), logDamaged(req)) as never);
    return reply.type('application/json').send(await list(filterOf(filters), { limit, ...(after ? { after } : {}) }, logDamaged(req)) as never);
  });

  app.get('/purchase-orders.csv', {
    schema: {
      summary: 'Every record matching the filters, as CSV', tags: ['purchase orders'], querystring: RecordFilterQuery.strict(),
      response: { 200: text('text/csv', 'one line per purchase order'), 400: refused('a filter that is not valid') },
    },
  }, async (req, reply) => reply.headers(csvHeaders).send(csvOf(records, filterOf(req.query), logDamaged(req)) as never));

  app.get('/purchase-orders/spend', {
    schema: {
      summary: 'Money committed per supplier and month (orders placed and not cancelled at the supplier)',
      tags: ['purchase orders'], querystring: SpendQuery,
      response: { 200: Spend, 400: refused('a month that is not YYYY-MM, or from after to') },
    },
  }, async (req) => {
    const { from, to } = req.query;
    // Both months are included whole, so the same month twice is one month; swapped months are a mistake, not "no spend".
    if (from && to && from > to) throw new HttpError(400, `from (${from}) must not come after to (${to})`);
    return { currency: currencyOf(rules), lines: await records.spend(req.query) };
  });

  app.get('/purchase-orders/:po', {
    schema: {
      summary: 'A purchase order: the replenishment working on it, and its record once settled; or a consolidated PO with its lines',
      description: 'The workflow is found by the PoNumber search attribute, else by the id the PO number names (replenish-<SKU>-<n>). '
        + 'After Temporal\'s retention has deleted the workflow, the record alone answers (foundBy: record). '
        + 'A consolidated PO (SPO-<supplier>-<k>) placed with its supplier answers with its lines, each with where it stands.',
      tags: ['purchase orders'], params: PoOrSpoParam,
      response: {
        200: z.union([PurchaseOrderView.describe('where the PO is worked on, and its record'), SupplierOrderView.describe('a consolidated PO and its lines')]),
        400: refused('not a PO number'),
        404: refused('no such purchase order; or no consolidated PO placed under this number (one waiting for the manager\'s approval is in GET /approvals)'),
      },
    },
  }, async (req) => {
    const { po } = req.params;
    if (parseSpoNumber(po)) {
      // Not placed yet is a conflict for a message; for a read it is only not there yet, and says why.
      const order = await placedSpo(records, po).catch((err: unknown) => {
        throw err instanceof HttpError && err.status === 409 ? new HttpError(404, err.message) : err;
      });
      const states = await records.supplierOrders.states(order);
      const { spoNumber, lines, ...rest } = order;
      return { poNumber: spoNumber, ...rest, lines: lines.map((l, i) => ({ ...l, ...states[i]!, workflowId: states[i]!.replenishmentId })) };
    }
    const [found, record] = await Promise.all([agents.findPurchaseOrder(po), records.get(replenishmentIdOfPo(po))]);
    // Every revision up to the replenishment's latest was drafted; one past it never was, and answering it
    // with the run's phase told a caller that PO-…-R3 awaited approval or was ordered.
    const latest = found?.currentPoNumber ?? record?.poNumber ?? null;
    const latestRef = latest === null ? null : parsePoNumber(latest);
    if (latestRef && parsePoNumber(po)!.revision > latestRef.revision) {
      throw new HttpError(404, `no purchase order ${po}: ${replenishmentIdOfPo(po)} has drafted up to ${latest}`);
    }
    const agreement = await drawnOn(records, found?.currentPoNumber ?? record?.poNumber ?? null);
    if (found) return { ...found, record, agreement };
    if (!record) throw new HttpError(404, `no replenishment works on ${po}, and the purchasing record has none`);
    return {
      agreement,
      poNumber: po, workflowId: record.replenishmentId, runId: record.runId, sku: record.sku,
      // The record is written as the run's last step: a recorded run completed.
      status: 'COMPLETED', phase: null, outcome: record.outcome, currentPoNumber: record.poNumber, foundBy: 'record', record,
    };
  });

  app.get('/purchase-orders/:po/record', {
    schema: {
      summary: 'The purchasing record of a settled purchase order, with its decision log', tags: ['purchase orders'], params: PoParam,
      response: { 200: PurchaseRecordView, 400: refused('not a PO number'), 404: refused('not settled, or no such purchase order') },
    },
  }, async (req) => {
    const record = await records.get(replenishmentIdOfPo(req.params.po));
    if (!record) throw new HttpError(404, `the purchasing record has no ${req.params.po} (a PO is recorded once its replenishment has settled)`);
    return record;
  });
}
