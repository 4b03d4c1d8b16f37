import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { World } from '../domain/world.js';
import type { PurchaseRecords } from '../records/store.js';
import type { LineState, PlacedLine, PlacedSupplierOrder } from '../records/supplier-orders.js';
import type { Agents } from './agents.js';
import { inBatches } from './batches.js';
import { HttpError } from './errors.js';
import type { ReceiptBody, SupplierReplyBody } from './schemas.js';
import { storedText, supplierReplyMessage, type SupplierReply } from './supplier-replies.js';

/**
 * What is addressed to a consolidated PO's number (SPO-<supplier>-<k>) goes to its lines' runs, each
 * as a message to the line's own PO number, by the path a message to that number takes. Everything
 * the service can tell from the map of the SPO's lines and the rows their runs write (a line the SPO
 * lacks, more units than a line holds or still expects, a line already closed, an SPO not placed) is
 * judged before any line is sent anything, so a refused request changes nothing anywhere. Each run
 * still judges its own message, as always; what it answers is that line's result.
 */

export interface SpoDeps { agents: Agents; world: World; records: PurchaseRecords }

/** One line's answer: the status the message would have had sent to the line's own PO number, and that answer. */
export interface SpoLineResult {
  poNumber: string; sku: string; status: number;
  result?: 'delivered' | 'held' | 'duplicate' | 'queued'; workflowId?: string; error?: string;
}
export interface SpoAnswer { code: 200 | 202; body: { poNumber: string; status: 'delivered' | 'duplicate'; lines: SpoLineResult[] } }

type LineMessage = Parameters<Agents['deliver']>[1];
/** A line and what it is sent, before the message is made (a long text is stored only once nothing is refused). */
interface Delivery { line: PlacedLine; payload: Record<string, unknown> }

/** Lines sent to at once: each is an Update to the line's SKU agent. */
const LINE_CONCURRENCY = 8;
/** How many lines a refusal's reason names before it counts the rest. */
const NAMED = 5;

const nothingSent = (status: number, spo: string, why: string) => new HttpError(status, `${why}; nothing was sent to any line of ${spo}`);

/** The SPO as its supplier took it; else why nothing can be addressed to it: still waiting for the manager (409), or never placed (404). */
export async function placedSpo(records: PurchaseRecords, spo: string): Promise<PlacedSupplierOrder> {
  const placed = await records.supplierOrders.of(spo);
  if (placed) return placed;
  // The desk keeps a consolidated PO's row in the approvals inbox under its SPO number while the manager is asked.
  if (await records.waiting.poNumberOf(spo) === spo) {
    throw new HttpError(409, `${spo} waits for the manager's approval and has not been placed with its supplier yet`);
  }
  throw new HttpError(404, `no consolidated PO ${spo} has been placed: its supplier's desk has not placed one under this number (it may still be gathering, or was dropped)`);
}

/** The line a body names, by its PO number or SKU; a 400 naming the SPO's lines when it has none such. */
function lineNamed(order: PlacedSupplierOrder, ref: { poNumber?: string | undefined; sku?: string | undefined }, at: string): PlacedLine {
  const found = order.lines.find((l) => (ref.poNumber !== undefined ? l.poNumber === ref.poNumber : l.sku === ref.sku));
  if (found) return found;
  const listed = order.lines.slice(0, NAMED).map((l) => `${l.poNumber} (${l.sku})`).join(', ') + (order.lines.length > NAMED ? ` and ${order.lines.length - NAMED} more` : '');
  throw new HttpError(400, `${at}: ${ref.poNumber ?? `SKU ${ref.sku}`} is not a line of ${order.spoNumber}; its lines are ${listed}`);
}

/** Each named line once, in the order named. */
function linesNamed<T extends { poNumber?: string | undefined; sku?: string | undefined }>(order: PlacedSupplierOrder, refs: readonly T[]): { line: PlacedLine; ref: T; at: string }[] {
  const seen = new Map<string, string>();
  return refs.map((ref, i) => {
    const at = `lines[${i}]`;
    const line = lineNamed(order, ref, at);
    if (seen.has(line.poNumber)) throw new HttpError(400, `${at}: ${line.poNumber} is named already in ${seen.get(line.poNumber)}; name each line once`);
    seen.set(line.poNumber, at);
    return { line, ref, at };
  });
}

const digestOf = (said: unknown): string => createHash('sha256').update(JSON.stringify(said)).digest('hex');

interface Sending {
  /** The sender's id for the whole message (its key in the service's table of SPO messages); null when it has none. */
  key: string | null;
  /** What it says, whole: a repeat under the key must say the same. */
  digest: string;
  deliveries: Delivery[];
  /** To every line (a line closed is passed over), or to the lines named (a line closed refuses it). */
  whole: boolean;
  /** Why a line that is open cannot take its part, if it cannot. */
  judge?: (d: Delivery, state: LineState) => string | null;
  /** Makes each line's message, once nothing was refused. */
  prepare: () => Promise<(d: Delivery) => LineMessage>;
  /** What it is, for the reasons given: "reply m-1". */
  what: string;
}

/**
 * Judges a message to an SPO on every line before any line is sent it, then sends each line its part.
 * A repeat under its key goes to the lines the first went to, judged by each run as a repeat.
 */
async function send({ agents, records }: SpoDeps, order: PlacedSupplierOrder, s: Sending): Promise<SpoAnswer> {
  const spo = order.spoNumber;
  const claimed = s.key ? await records.supplierOrders.message(s.key) : null;
  if (claimed) return repeat(agents, order, s, claimed);

  const states = new Map((await records.supplierOrders.states(order)).map((st, i) => [order.lines[i]!.poNumber, st]));
  const passed: SpoLineResult[] = [];
  const targets: Delivery[] = [];
  for (const d of s.deliveries) {
    const state = states.get(d.line.poNumber)!;
    if (state.standing !== 'open') {
      if (!s.whole) throw nothingSent(409, spo, `${d.line.poNumber} takes no more messages: ${state.why}`);
      passed.push({ poNumber: d.line.poNumber, sku: d.line.sku, status: 409, error: `not sent: ${state.why}` });
      continue;
    }
    const why = s.judge?.(d, state);
    if (why) throw nothingSent(409, spo, why);
    targets.push(d);
  }
  if (targets.length === 0) throw new HttpError(409, `no line of ${spo} takes the ${s.what}: ${passed.slice(0, NAMED).map((p) => `${p.poNumber}: ${p.error!.replace(/^not sent: /, '')}`).join('; ')}`);
  if (s.key) {
    const taken = await records.supplierOrders.claimMessage({ key: s.key, spoNumber: spo, digest: s.digest, lines: targets.map((d) => d.line.poNumber), receivedAt: new Date().toISOString() });
    // Another copy of the same request got there first: this one is its repeat.
    if (!taken.first) return repeat(agents, order, s, taken.earlier);
  }
  return answer(spo, s.what, [...passed, ...await fanOut(agents, targets, await s.prepare())], order);
}

async function repeat(agents: Agents, order: PlacedSupplierOrder, s: Sending, earlier: { digest: string; lines: string[] }): Promise<SpoAnswer> {
  if (earlier.digest !== s.digest) {
    throw new HttpError(409, `a different ${s.what.split(' ')[0]} for ${order.spoNumber} was already received under the same id: a repeat must say the same; a new message needs a new id`);
  }
  const targets = s.deliveries.filter((d) => earlier.lines.includes(d.line.poNumber));
  return answer(order.spoNumber, s.what, await fanOut(agents, targets, await s.prepare()), order);
}

async function fanOut(agents: Agents, targets: Delivery[], messageOf: (d: Delivery) => LineMessage): Promise<SpoLineResult[]> {
  return inBatches(targets, LINE_CONCURRENCY, async (d): Promise<SpoLineResult> => {
    const { poNumber, sku } = d.line;
    try {
      const r = await agents.deliver(sku, messageOf(d));
      return { poNumber, sku, status: r.status === 'duplicate' ? 200 : 202, result: r.status, workflowId: r.workflowId };
    } catch (err) {
      if (err instanceof HttpError) return { poNumber, sku, status: err.status, error: err.message };
      return { poNumber, sku, status: 503, error: `the agent of ${poNumber} could not be reached: ${err instanceof Error ? err.message : String(err)}` };
    }
  });
}

/** 202 when some line took it now, 200 when every line that took it had it already; else the lines' refusals. */
function answer(spo: string, what: string, results: SpoLineResult[], order: PlacedSupplierOrder): SpoAnswer {
  const position = new Map(order.lines.map((l, i) => [l.poNumber, i]));
  const lines = [...results].sort((a, b) => position.get(a.poNumber)! - position.get(b.poNumber)!);
  if (lines.some((l) => l.status === 202)) return { code: 202, body: { poNumber: spo, status: 'delivered', lines } };
  if (lines.some((l) => l.status === 200)) return { code: 200, body: { poNumber: spo, status: 'duplicate', lines } };
  const refused = lines.filter((l) => l.error);
  const status = refused.some((l) => l.status === 503) ? 503 : refused.find((l) => l.status !== 409)?.status ?? 409;
  throw new HttpError(status, `no line of ${spo} took the ${what}: ${refused.slice(0, NAMED).map((l) => `${l.poNumber}: ${l.error}`).join('; ')}`);
}

export type SpoReplyBody = SupplierReply & Pick<z.infer<typeof SupplierReplyBody>, 'lines'>;

/**
 * A supplier's reply to its consolidated PO: without `lines`, every line's run hears it (text and
 * fields) as a reply to the line's own PO; with `lines`, only the lines named, each with its own fields.
 */
export async function replyToSpo(deps: SpoDeps, spo: string, supplier: string, body: SpoReplyBody): Promise<SpoAnswer> {
  const order = await placedSpo(deps.records, spo);
  if (order.supplier !== supplier) throw new HttpError(403, `${spo} was sent to ${order.supplier}, not to ${supplier}`);
  const tooMany = (quantity: number | undefined, line: PlacedLine, at: string) => {
    if (quantity !== undefined && quantity > line.quantity) {
      throw new HttpError(400, `${at}.quantity: ${quantity} is more than the ${line.quantity} units of ${line.poNumber} (${line.sku}) on ${spo}`);
    }
  };
  const deliveries: Delivery[] = body.lines
    ? linesNamed(order, body.lines).map(({ line, ref: { poNumber: _p, sku: _s, ...fields }, at }) => {
      tooMany(fields.quantity, line, at);
      return { line, payload: { fields } };
    })
    : order.lines.map((line) => {
      tooMany(body.fields?.quantity, line, 'fields');
      return { line, payload: body.fields ? { fields: body.fields } : {} };
    });
  return send(deps, order, {
    key: `reply:${supplier}:${body.messageId}@${spo}`,
    digest: digestOf([digestOf(body.text), body.receivedAt ?? null, deliveries.map((d) => [d.line.poNumber, d.payload])]),
    deliveries, whole: !body.lines, what: `reply ${body.messageId}`,
    prepare: async () => {
      // A long text is stored once, under the SPO, and every line's message refers to it.
      const text = await storedText(deps.world, body.text, spo);
      return (d) => supplierReplyMessage(d.line.poNumber, supplier, { ...body, ...d.payload }, text);
    },
  });
}

/** Goods received against lines of a consolidated PO: each line's part goes to its run as a receipt of its own PO. */
export async function receiveSpoGoods(deps: SpoDeps, spo: string, body: z.infer<typeof ReceiptBody>): Promise<SpoAnswer> {
  const order = await placedSpo(deps.records, spo);
  const deliveries: Delivery[] = linesNamed(order, body.lines ?? []).map(({ line, ref }) => ({ line, payload: { quantity: ref.quantity } }));
  return send(deps, order, {
    key: `receipt:${body.receiptId}@${spo}`,
    digest: digestOf(deliveries.map((d) => [d.line.poNumber, d.payload])),
    deliveries, whole: false, what: `receipt ${body.receiptId}`,
    judge: ({ line, payload }, state) => {
      const quantity = payload.quantity as number;
      if (quantity <= state.expected) return null;
      return `a receipt of ${quantity} is more than the ${state.expected} still expected on ${line.poNumber} (${line.quantity} ordered on ${spo}, ${state.quantityReceived} received): `
        + `record at most ${state.expected} against it and settle the surplus with the supplier`;
    },
    prepare: async () => (d) => ({ event: 'goods-receipt', poNumber: d.line.poNumber, messageId: `receipt:${body.receiptId}`, payload: { quantity: d.payload.quantity as number } }),
  });
}

/**
 * The manager cancels a consolidated PO: each line still open is cancelled by its own run (which
 * cancels its line at the supplier); lines already closed are passed over. `messageId` is the
 * manager's Idempotency-Key made into each line's id, when one was given.
 */
export async function cancelSpo(deps: SpoDeps, spo: string, reason: string, by: string, messageId: string | undefined): Promise<SpoAnswer> {
  const order = await placedSpo(deps.records, spo);
  const deliveries: Delivery[] = order.lines.map((line) => ({ line, payload: { reason, by } }));
  return send(deps, order, {
    key: messageId ? `${messageId}@${spo}` : null,
    digest: digestOf(reason),
    deliveries, whole: true, what: 'cancellation',
    prepare: async () => (d) => ({ event: 'cancel', poNumber: d.line.poNumber, ...(messageId ? { messageId } : {}), payload: { reason, by } }),
  });
}
