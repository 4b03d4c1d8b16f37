import type { World } from '../domain/world.js';
import type { DeliverResult } from '../workflows/messages.js';
import type { Agents } from './agents.js';
import { inBatches } from './batches.js';
import { HttpError } from './errors.js';
import { z } from 'zod';
import type { ApprovalPayload } from '../domain/state.js';
import type { SpoDecisionRequest } from '../domain/supplier-desk.js';
import { BulkDecided, Decided, Delivered, refused, SpoCancelled, SpoDelivered } from './responses.js';
import { approvalLimitOf, approverOf, supplierOf } from './security.js';
import { BulkDecisionBody, CancelBody, DecisionBody, PoOrSpoParam, ReceiptBody, SupplierReplyBody, type Api } from './schemas.js';
import { cancelSpo, receiveSpoGoods, replyToSpo } from './supplier-order-messages.js';
import { deliverSupplierReply } from './supplier-replies.js';
import type { PurchaseRecords } from '../records/store.js';
import { PO_NUMBER_RULE, parsePoNumber, parseSpoNumber, skuOfPo } from '../domain/ids.js';
import type { DecisionChannel } from '../domain/types.js';
import { channelOf } from './channel.js';

/** Supplier replies may carry long emails; every other body stays under the app's 1 MiB. */
export const REPLY_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * A manager's message sent again with the same Idempotency-Key is the same message: the agent answers
 * it as a duplicate. Keys are each manager's own: another manager's approval under the same key is
 * a second approval, not a repeat.
 */
export const repeatable = (event: string, by: string, headers: Record<string, string | string[] | undefined>, poNumber?: string): { messageId?: string } => {
  const key = headers['idempotency-key'];
  return typeof key === 'string' && key ? { messageId: `${event}:${by}:${key}${poNumber ? `/${poNumber}` : ''}` } : {};
};

/** Decisions of one bulk request delivered at a time: each is an Update the agent answers. */
const BULK_CONCURRENCY = 8;

type Decision = z.infer<typeof DecisionBody>;
/** The approval message a decision makes; the approver is who the token proves, whatever the body's `by` says. */
const approvalOf = (d: Decision, by: string, limit: number | undefined, channel: DecisionChannel): ApprovalPayload => (d.decision === 'approve'
  ? {
    approved: true, by, channel, ...(d.maxUnitPrice !== undefined ? { maxUnitPrice: d.maxUnitPrice } : {}), ...(d.note ? { note: d.note } : {}),
    ...(limit !== undefined ? { limit } : {}), ...editOf(d),
  }
  : { approved: false, reason: d.reason, by, channel });

/**
 * A decision on a consolidated PO, for its supplier's desk: the whole PO, so an edit is named to be
 * refused; `messageId` (from the Idempotency-Key, as a run's approval has it) lets a repeat be known.
 */
const spoDecisionOf = (
  po: string, d: Decision, by: string, limit: number | undefined, key: { messageId?: string }, channel: DecisionChannel | undefined, at = new Date().toISOString(),
): SpoDecisionRequest => ({
  ...(d.decision === 'approve'
    ? {
      spoNumber: po, approved: true, by, at, ...(d.note ? { note: d.note } : {}), ...(d.maxUnitPrice !== undefined ? { maxUnitPrice: d.maxUnitPrice } : {}),
      ...(limit !== undefined ? { limit } : {}), ...(d.quantity !== undefined || d.quoteId !== undefined ? { edits: true } : {}),
    }
    : { spoNumber: po, approved: false, by, at, reason: d.reason }),
  ...key, ...(channel ? { channel } : {}),
});

/** The terms an approval edits, when it edits any. */
function editOf(d: Extract<Decision, { decision: 'approve' }>): Pick<ApprovalPayload, 'edit'> {
  if (d.quantity === undefined && d.quoteId === undefined) return {};
  return { edit: { ...(d.quantity !== undefined ? { quantity: d.quantity } : {}), ...(d.quoteId !== undefined ? { quoteId: d.quoteId } : {}) } };
}

/** 202 for a message the agent takes now, 200 for one it already has. */
export const accepted = (result: DeliverResult): 200 | 202 => (result.status === 'duplicate' ? 200 : 202);

const unsigned = refused('unsigned or badly signed');

/** Messages from the manager, suppliers and the warehouse, each addressed by PO number. */
export function messageRoutes(app: Api, agents: Agents, world: World, records: PurchaseRecords): void {
  const spo = { agents, world, records };
  app.post('/purchase-orders/:po/decision', {
    schema: {
      summary: 'The manager approves (up to a unit price, or with edits: another quantity or quote) or rejects a purchase order', tags: ['purchase orders'],
      description: 'An approval may edit the PO: another `quantity`, another `quoteId` the agent holds for it, or both. The agent checks the edit against the rules '
        + 'a drafted PO keeps (the quote still valid, the supplier\'s minimum and packs, what the replenishment may order, lead time against the stock-out, '
        + 'the manager\'s approval limit) and answers 409 (403 for the limit) naming the rule; an edit taken redrafts the PO as a revision (…-R<k>) and orders it. '
        + 'A consolidated PO (SPO-<supplier>-<k>) goes to its supplier\'s desk and is approved or rejected whole, for every line: no edits, and '
        + '`maxUnitPrice` must cover its dearest line; a desk may have several waiting, each decided by its own number.',
      params: PoOrSpoParam, body: DecisionBody,
      response: {
        202: Decided.describe('delivered to the agent'), 200: Decided.describe('a repeat of a decision already delivered'),
        400: refused('invalid decision or PO number'), 401: refused('no valid manager token'), 404: refused('no agent for the SKU, or no desk for the consolidated PO\'s supplier'),
        403: refused('an approval (or its edited total) above the manager\'s approval limit'),
        409: refused('the PO is not waiting for a decision, this manager already gave its first approval, or an edit breaks a rule (named)'),
      },
    },
  }, async (req, reply) => {
    const { params: { po }, body } = req;
    const by = approverOf(req);
    if (parseSpoNumber(po)) {
      const decided = await agents.decideSupplierOrder(spoDecisionOf(po, body, by, approvalLimitOf(req), repeatable('approval', by, req.headers), channelOf(req)));
      return reply.code(accepted(decided)).send({ poNumber: po, ...decided, by });
    }
    const result = await agents.deliver(skuOfPo(po), { event: 'approval', poNumber: po, payload: approvalOf(body, by, approvalLimitOf(req), channelOf(req)), ...repeatable('approval', by, req.headers) });
    return reply.code(accepted(result)).send({ poNumber: po, ...result, by });
  });

  app.post('/approvals/decisions', {
    schema: {
      summary: 'The manager decides many purchase orders at once; each decision is answered on its own',
      description: 'Always 207 Multi-Status when the list is valid: each result carries the status its decision would have had alone '
        + '(202 delivered, 200 a repeat, 403 above the manager\'s approval limit, 404 no agent or not a PO number, 409 not waiting for a decision or given earlier in the list, 503 its agent could not be reached), '
        + 'so one PO that moved on never holds back the others. With an Idempotency-Key, sending the same list again repeats '
        + 'each decision (200 per item), never doubles it. A consolidated PO (SPO-<supplier>-<k>) is decided whole by its supplier\'s desk, '
        + 'as the single route decides it: 202 taken, 200 a repeat under the same Idempotency-Key, 409 or 403 with the reason (another decision on a PO decided is a 409).',
      tags: ['purchase orders'], body: BulkDecisionBody,
      response: {
        207: BulkDecided.describe('one result per decision, in the order given'),
        400: refused('a list or a decision that is not valid'), 401: refused('no valid manager token'),
      },
    },
  }, async (req, reply) => {
    const by = approverOf(req);
    /** A consolidated PO goes to its supplier's desk, as the single route sends it: 202 taken, 200 a repeat, or its refusal's status. */
    const decideSupplierOrderItem = async (poNumber: string, decision: Decision) => {
      try {
        const decided = await agents.decideSupplierOrder(spoDecisionOf(poNumber, decision, by, approvalLimitOf(req), repeatable('approval', by, req.headers, poNumber), channelOf(req)));
        return { poNumber, status: accepted(decided), result: decided.status, workflowId: decided.workflowId, by };
      } catch (err) {
        if (err instanceof HttpError) return { poNumber, status: err.status, error: err.message };
        req.log.warn({ err, poNumber }, 'a bulk decision could not be delivered');
        return { poNumber, status: 503, error: `the desk of ${poNumber} could not be reached: ${err instanceof Error ? err.message : String(err)}` };
      }
    };
    // A PO given twice is decided by its first entry; the later one is that item's 409, not the list's 400.
    const first = new Map<string, number>();
    req.body.decisions.forEach((d, i) => { if (!first.has(d.poNumber)) first.set(d.poNumber, i); });
    const results = await inBatches(req.body.decisions.map((d, i) => ({ d, i })), BULK_CONCURRENCY, async ({ d: { poNumber, ...decision }, i }) => {
      if (first.get(poNumber) !== i) return { poNumber, status: 409, error: `${poNumber} is decided by its first entry in this list (item ${first.get(poNumber)! + 1})` };
      if (parseSpoNumber(poNumber)) return decideSupplierOrderItem(poNumber, decision);
      if (!parsePoNumber(poNumber)) return { poNumber, status: 404, error: `no purchase order ${poNumber}: ${PO_NUMBER_RULE}` };
      try {
        // One key for the list: each decision's message id adds its PO.
        const result = await agents.deliver(skuOfPo(poNumber), {
          event: 'approval', poNumber, payload: approvalOf(decision, by, approvalLimitOf(req), channelOf(req)), ...repeatable('approval', by, req.headers, poNumber),
        });
        return { poNumber, status: accepted(result), result: result.status, workflowId: result.workflowId, by };
      } catch (err) {
        if (err instanceof HttpError) return { poNumber, status: err.status, error: err.message };
        req.log.warn({ err, poNumber }, 'a bulk decision could not be delivered');
        return { poNumber, status: 503, error: `the agent of ${poNumber} could not be reached: ${err instanceof Error ? err.message : String(err)}` };
      }
    });
    return reply.code(207).send({ results });
  });

  app.post('/purchase-orders/:po/cancel', {
    schema: {
      summary: 'The manager cancels a running replenishment (and the order at the supplier, if one was placed), or every open line of a consolidated PO', tags: ['purchase orders'],
      description: 'A consolidated PO (SPO-<supplier>-<k>) is cancelled line by line: each line still open is cancelled by its own replenishment, '
        + 'as a cancellation of the line\'s PO number (which cancels the line at the supplier); lines already closed are passed over and listed. '
        + 'With an Idempotency-Key, sending it again repeats it on the same lines (200).',
      params: PoOrSpoParam, body: CancelBody,
      response: {
        202: z.union([Decided, SpoCancelled]).describe('delivered to the agent: the run cancels at its next step, a wait or a decision in flight; for a consolidated PO, to each open line\'s agent'),
        200: z.union([Decided, SpoCancelled]).describe('a repeat of a cancellation already delivered'),
        400: refused('no reason, or an invalid PO number'), 401: refused('no valid manager token'),
        404: refused('no agent for the SKU; or no consolidated PO placed under this number'),
        409: refused('the PO is settled, not the one its agent works on, or already being cancelled; a consolidated PO not placed yet (waiting for the manager), or with no line open'),
      },
    },
  }, async (req, reply) => {
    const { params: { po }, body } = req;
    const by = approverOf(req);
    const { messageId } = repeatable('cancel', by, req.headers);
    if (parseSpoNumber(po)) {
      const { code, body: answer } = await cancelSpo(spo, po, body.reason, by, messageId);
      return reply.code(code).send({ ...answer, by });
    }
    const result = await agents.deliver(skuOfPo(po), { event: 'cancel', poNumber: po, payload: { reason: body.reason, by }, ...(messageId ? { messageId } : {}) });
    return reply.code(accepted(result)).send({ poNumber: po, ...result, by });
  });

  app.post('/purchase-orders/:po/supplier-replies', {
    config: { auth: 'supplier' },
    schema: {
      summary: 'A supplier\'s reply about a purchase order or a consolidated PO (signed by the supplier)', tags: ['purchase orders'],
      description: 'To a consolidated PO (SPO-<supplier>-<k>): without `lines`, the reply goes to every line\'s replenishment as a reply to the line\'s own PO '
        + '(lines already closed are passed over and listed); with `lines`, only the lines named hear it, each with its own fields. '
        + 'Before any line is sent anything, a line the SPO lacks or a quantity above a line\'s is a 400, a line named that is closed a 409, '
        + 'an SPO not placed yet a 409 and one never placed a 404. The answer lists each line\'s result, as a reply to its own PO would have been answered.',
      params: PoOrSpoParam, body: SupplierReplyBody,
      response: {
        202: z.union([Delivered, SpoDelivered]).describe('delivered to the agent; for a consolidated PO, taken by at least one line'),
        200: z.union([Delivered, SpoDelivered]).describe('a repeat of a message already delivered; for a consolidated PO, every line that took it had it'),
        400: refused('an invalid reply or PO number; lines to a PO that is not consolidated; a line the consolidated PO lacks, or more units than the line holds'),
        401: unsigned, 404: refused('no agent works on this PO\'s SKU; or no consolidated PO was placed under this number'),
        403: refused('the PO (or consolidated PO) was sent to another supplier'),
        409: refused('the PO is not waiting for a reply, or this messageId already came with another reply; a consolidated PO not placed yet, a line named that is closed, or no line taking it'),
        415: refused('a body that is not JSON'),
      },
    },
    bodyLimit: REPLY_BODY_LIMIT,
  }, async (req, reply) => {
    const { params: { po }, body } = req;
    const supplier = supplierOf(req);
    // The signature says who speaks; a body naming another supplier is a confused sender, whose reply
    // would otherwise be read as the signer's without a word.
    if (body.supplier !== undefined && body.supplier !== supplier) {
      throw new HttpError(400, `supplier: this reply is signed by ${supplier} (X-Supplier), not ${body.supplier.slice(0, 100)}`);
    }
    if (parseSpoNumber(po)) {
      const { code, body: answer } = await replyToSpo(spo, po, supplier, body);
      return reply.code(code).send(answer);
    }
    if (body.lines) throw new HttpError(400, `lines: only a consolidated PO (SPO-…) has lines; a reply to ${po} states what it says in fields`);
    // The run compares it with its PO's supplier: a reply from another is a 403.
    const result = await deliverSupplierReply(agents, world, po, supplier, body);
    return reply.code(accepted(result)).send({ poNumber: po, ...result });
  });

  app.post('/purchase-orders/:po/receipts', {
    config: { auth: 'warehouse' },
    schema: {
      summary: 'Goods received against a purchase order, or against lines of a consolidated PO (signed by the warehouse)', tags: ['purchase orders'],
      description: 'Against a PO: `quantity`. Against a consolidated PO (SPO-<supplier>-<k>): `lines`, the units of each line named, each going to the line\'s '
        + 'replenishment as a receipt of its own PO. Before any line is sent anything, a line the SPO lacks is a 400, and a line closed or a quantity '
        + 'above what a line still expects a 409.',
      params: PoOrSpoParam, body: ReceiptBody,
      response: {
        202: z.union([Delivered, SpoDelivered]).describe('delivered to the agent; for a consolidated PO, taken by at least one line'),
        200: z.union([Delivered, SpoDelivered]).describe('a repeat of a receipt already delivered'),
        400: refused('an invalid receipt or PO number; quantity against a consolidated PO or lines against a PO; a line the consolidated PO lacks'),
        401: unsigned, 404: refused('no agent works on this PO\'s SKU; or no consolidated PO was placed under this number'),
        409: refused('the PO is not waiting for goods, the receipt is for more than it still expects, or this receiptId already came with another quantity; '
          + 'a consolidated PO not placed yet, a line closed, or more than a line still expects'),
      },
    },
  }, async (req, reply) => {
    const { params: { po }, body } = req;
    if (parseSpoNumber(po)) {
      if (body.quantity !== undefined) throw new HttpError(400, `quantity: ${po} is a consolidated PO; give the units received of each line in lines`);
      const { code, body: answer } = await receiveSpoGoods(spo, po, body);
      return reply.code(code).send(answer);
    }
    if (body.quantity === undefined) throw new HttpError(400, `lines: only a consolidated PO (SPO-…) has lines; a receipt against ${po} gives its quantity`);
    const result = await agents.deliver(skuOfPo(po), {
      event: 'goods-receipt', poNumber: po, messageId: `receipt:${body.receiptId}`, payload: { quantity: body.quantity },
    });
    return reply.code(accepted(result)).send({ poNumber: po, ...result });
  });
}
