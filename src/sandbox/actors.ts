import type { FastifyBaseLogger } from 'fastify';
import { signedHeaders, WAREHOUSE } from '../api/signatures.js';
import type { ReplyFields } from '../domain/types.js';
import { letter } from './letters.js';
import type { ScheduledAction, SandboxStore, StoredOrder } from './store.js';
import type { Behaviour } from './store-rows.js';

export interface DemoOptions {
  /** The agent service the suppliers and the warehouse talk to. */
  apiUrl: string;
  /** Units consumed per business day: one figure for every SKU, or per SKU (others then 0). Default 2. */
  consumptionPerDay?: number | Record<string, number>;
  tickMs?: number;
  /** Deliveries to the API that failed this many times are given up (and logged). Default 20. */
  maxAttempts?: number;
  /** Secrets the suppliers and the warehouse sign their POSTs with; unset, they send them unsigned. */
  secrets?: { suppliers: Record<string, string>; warehouse: string };
  /** Acts only when `tick()` is called, never on a timer: a simulation that moves the clock itself. */
  driven?: boolean;
  /**
   * What becomes of one order, drawn by a simulation: how its supplier behaves this time (instead of
   * the supplier's setting) and how many days later than quoted the goods come (confirmed honestly).
   */
  fateOf?: (order: StoredOrder) => { behaviour?: Behaviour; lateDays?: number };
}

export interface Actors {
  orderPlaced(order: StoredOrder): void;
  chased(order: StoredOrder): void;
  /** Call after any stock write with the on-hand figure before it (null for a new SKU). */
  stockWritten(sku: string, onHandBefore: number | null): void;
  start(): void;
  stop(): Promise<void>;
  tick(): Promise<void>;
}

interface ReplyPayload {
  supplier: string;
  fields: ReplyFields;
  /** Units the supplier will deliver once its reply is out; 0 for none. */
  deliver: number;
}

/**
 * Suppliers and a warehouse that act on their own, for demos. Every future action is a row in
 * `scheduled` with a due time, and one interval timer runs what is due, so a restarted sandbox
 * carries on where it stopped.
 */
export function createActors(store: SandboxStore, dayMs: number, demo: DemoOptions, log: FastifyBaseLogger, now: () => number = Date.now): Actors {
  const apiUrl = demo.apiUrl.replace(/\/+$/, '');
  const tickMs = demo.tickMs ?? Math.min(1000, Math.max(10, Math.round(dayMs / 100)));
  const maxAttempts = demo.maxAttempts ?? 20;
  const consumption = demo.consumptionPerDay ?? 2;
  const rate = (sku: string) => (typeof consumption === 'number' ? consumption : (consumption[sku] ?? 0));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  function scheduleReply(order: StoredOrder, afterDays: number, fields: ReplyFields, deliver: number): void {
    const payload: ReplyPayload = { supplier: order.supplier, fields, deliver };
    store.schedule('reply', order.poNumber, payload, now() + afterDays * dayMs);
  }

  function confirmation(order: StoredOrder, deliveryDate = order.expectedDelivery): ReplyFields {
    return { kind: 'confirmed', deliveryDate, unitPrice: order.unitPrice, quantity: order.quantity };
  }

  /** Signed as the supplier it names, or as the warehouse. */
  function signature(sender: string, raw: string): Record<string, string> {
    if (!demo.secrets) return {};
    const { suppliers, warehouse } = demo.secrets;
    const secret = sender === WAREHOUSE ? warehouse : Object.hasOwn(suppliers, sender) ? suppliers[sender] : undefined;
    if (secret === undefined) throw new Error(`no secret to sign as supplier ${sender}`);
    return signedHeaders(sender, secret, raw);
  }

  async function post(path: string, sender: string, body?: unknown): Promise<void> {
    const raw = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(apiUrl + path, {
      method: 'POST',
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...signature(sender, raw) },
      body: body === undefined ? undefined : raw,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`POST ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }

  // 'rescheduled' keeps the row pending: consumption is one row that keeps moving forward.
  async function run(a: ScheduledAction): Promise<'done' | 'skipped' | 'rescheduled'> {
    if (a.kind === 'stock-changed') {
      await post(`/skus/${encodeURIComponent(a.ref)}/stock-changed`, WAREHOUSE);
      return 'done';
    }
    if (a.kind === 'consume') return consume(a);
    const order = store.order(a.ref);
    if (!order || order.status === 'cancelled') return 'skipped';
    const po = encodeURIComponent(order.poNumber);
    if (a.kind === 'reply') {
      const p = a.payload as ReplyPayload;
      const text = letter(order, p.fields, p.deliver);
      await post(`/purchase-orders/${po}/supplier-replies`, p.supplier, { messageId: `MSG-${a.id}`, supplier: p.supplier, text, fields: p.fields });
      if (p.deliver > 0) {
        const deliveryAt = Date.parse(p.fields.deliveryDate ?? order.expectedDelivery);
        store.schedule('receipt', order.poNumber, { quantity: p.deliver }, Math.max(deliveryAt, now()));
      }
      return 'done';
    }
    if (a.kind === 'receipt') {
      if (order.status === 'booked') return 'skipped';
      const { quantity } = a.payload as { quantity: number };
      await post(`/purchase-orders/${po}/receipts`, WAREHOUSE, { receiptId: `GR-${order.poNumber}`, quantity });
      return 'done';
    }
    throw new Error(`unknown scheduled action ${a.kind}`);
  }

  // Catches up on the days since it last ran, so a sandbox that was down consumes what it missed.
  function consume(a: ScheduledAction): 'skipped' | 'rescheduled' {
    const perDay = rate(a.ref);
    const level = store.stock(a.ref);
    if (!level || perDay <= 0) return 'skipped';
    const every = dayMs / perDay;
    const units = 1 + Math.floor((now() - a.dueAt) / every);
    const taken = Math.min(units, Math.max(0, level.onHand));
    if (taken > 0) {
      store.adjust(a.ref, -taken, 'demo consumption', new Date(now()).toISOString());
      actors.stockWritten(a.ref, level.onHand);
    }
    store.reschedule(a.id, a.dueAt + units * every);
    return 'rescheduled';
  }

  function ensureConsumers(): void {
    for (const { sku } of store.allStock()) {
      if (rate(sku) > 0 && !store.hasScheduled('consume', sku, ['pending'])) {
        store.schedule('consume', sku, {}, now() + dayMs / rate(sku));
      }
    }
  }

  async function tickOnce(): Promise<void> {
    ensureConsumers();
    for (const a of store.due(now())) {
      try {
        const outcome = await run(a);
        if (outcome !== 'rescheduled') store.finish(a.id, outcome);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const attempts = store.retryLater(a.id, message);
        if (attempts >= maxAttempts) {
          store.finish(a.id, 'failed', message);
          log.error({ action: a.kind, ref: a.ref, attempts, err: message }, 'demo action given up');
        } else {
          log.warn({ action: a.kind, ref: a.ref, attempts, err: message }, 'demo action failed; retrying next tick');
        }
      }
    }
  }

  const actors: Actors = {
    orderPlaced(order) {
      const supplier = store.supplier(order.supplier);
      const after = supplier?.replyAfterDays ?? 0.5;
      const fate = demo.fateOf?.(order) ?? {};
      const promised = new Date(Date.parse(order.expectedDelivery) + (fate.lateDays ?? 0) * dayMs).toISOString();
      switch (fate.behaviour ?? supplier?.behaviour ?? 'prompt') {
        case 'prompt':
          return scheduleReply(order, after, confirmation(order, promised), order.quantity);
        case 'partial':
          return scheduleReply(order, after, confirmation(order, promised), Math.max(1, Math.floor(order.quantity / 2)));
        case 'refuse':
          return scheduleReply(order, after, { kind: 'refused' }, 0);
        case 'late':
        case 'silent':
          return;
      }
    },

    chased(order) {
      const supplier = store.supplier(order.supplier);
      if (supplier?.behaviour !== 'late' || store.hasScheduled('reply', order.poNumber)) return;
      // A late supplier has let the promised date slip by the time it answers.
      const deliveryDate = new Date(Math.max(Date.parse(order.expectedDelivery), now() + dayMs)).toISOString();
      scheduleReply(order, supplier.replyAfterDays, confirmation(order, deliveryDate), order.quantity);
    },

    stockWritten(sku, before) {
      const level = store.stock(sku);
      if (!level || level.onHand >= level.safetyStock) return;
      if (before === null || before >= level.safetyStock) store.schedule('stock-changed', sku, {}, now());
    },

    start() {
      if (demo.driven) return;
      timer ??= setInterval(() => void actors.tick(), tickMs);
    },

    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },

    tick() {
      running ??= tickOnce()
        .catch((error: unknown) => log.error({ err: error }, 'demo tick failed'))
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
  return actors;
}
