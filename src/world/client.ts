import { z } from 'zod';
import type { World } from '../domain/world.js';
import { Notification, OrderAck, PurchaseOrder, Quote, StockLevel } from '../domain/types.js';
import { businessRefusal } from './errors.js';
import { SupplierOrderAck } from '../domain/supplier-order.js';

export interface WorldClientOptions {
  baseUrl: string;
  timeoutMs?: number;
}

interface Call {
  endpoint: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

// 408, 425 and 429 say "not now" rather than "no", so they stay retryable like 5xx.
const retryableClientStatus = new Set([408, 425, 429]);

const QuoteList = z.object({ quotes: z.array(Quote) });
const seg = encodeURIComponent;

export function createWorldClient({ baseUrl, timeoutMs = 10_000 }: WorldClientOptions): World {
  const root = baseUrl.replace(/\/+$/, '');

  async function send(call: Call): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...call.headers };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    const label = `${call.endpoint} (${call.method} ${call.path})`;
    let res: Response;
    try {
      res = await fetch(root + call.path, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      // Timeouts and aborts carry their own names; a plain Error keeps them retryable.
      throw new Error(`${label} failed without a response: ${describe(cause)}`, { cause });
    }
    if (res.ok) return res;
    const message = await serverMessage(res);
    if (res.status >= 500 || retryableClientStatus.has(res.status)) {
      throw new Error(`${label} answered ${res.status}: ${message}`);
    }
    throw refusal(res.status, message);
  }

  async function call<T>(schema: z.ZodType<T>, c: Call): Promise<T> {
    const res = await send(c);
    return parseBody(schema, res, c);
  }

  return {
    stock: (sku) => call(StockLevel, { endpoint: 'stock', method: 'GET', path: `/inventory/${seg(sku)}` }),

    inventory: async () =>
      (await call(z.object({ items: z.array(StockLevel) }), { endpoint: 'stock', method: 'GET', path: '/inventory' })).items,

    inventoryPage: ({ after, limit }) => call(z.object({ items: z.array(StockLevel), total: z.number().int() }), {
      endpoint: 'stock', method: 'GET', path: `/inventory?${new URLSearchParams({ limit: String(limit), ...(after === undefined ? {} : { after }) })}`,
    }),

    quotes: async (sku, quantity) =>
      (await call(QuoteList, { endpoint: 'quotes', method: 'POST', path: '/quotes', body: { sku, quantity } })).quotes,

    storeDocument: async (body, poNumber) =>
      (await call(z.object({ ref: z.string() }), {
        endpoint: 'documents', method: 'POST', path: '/documents', body: { body, ...(poNumber ? { poNumber } : {}) },
      })).ref,

    document: async (ref) =>
      (await call(z.object({ body: z.string() }), { endpoint: 'documents', method: 'GET', path: `/documents/${seg(ref)}` })).body,

    currentQuote: async (quoteId, quantity) => {
      const q = await call(z.object({ currentUnitPrice: z.number().positive(), validUntil: z.string() }), {
        endpoint: 'quotes', method: 'GET', path: `/quotes/${seg(quoteId)}${quantity === undefined ? '' : `?quantity=${quantity}`}`,
      });
      return { unitPrice: q.currentUnitPrice, validUntil: q.validUntil };
    },

    placeOrder: (po: PurchaseOrder, idempotencyKey: string) =>
      call(OrderAck, {
        endpoint: 'placeOrder',
        method: 'POST',
        path: `/suppliers/${seg(po.supplier)}/orders`,
        body: po,
        headers: { 'idempotency-key': idempotencyKey },
      }),

    placeSupplierOrder: (order, idempotencyKey) =>
      call(SupplierOrderAck, {
        endpoint: 'placeSupplierOrder',
        method: 'POST',
        path: `/suppliers/${seg(order.supplier)}/consolidated-orders`,
        body: order,
        headers: { 'idempotency-key': idempotencyKey },
      }),

    findOrder: async (supplier, poNumber) => {
      try {
        return await call(OrderAck, {
          endpoint: 'findOrder',
          method: 'GET',
          path: `/suppliers/${seg(supplier)}/orders/${seg(poNumber)}`,
        });
      } catch (error) {
        if ((error as { status?: number }).status === 404) return null;
        throw error;
      }
    },

    chase: async (supplier, poNumber, message) => {
      await send({
        endpoint: 'chase',
        method: 'POST',
        path: `/suppliers/${seg(supplier)}/orders/${seg(poNumber)}/chase`,
        body: { message },
      });
    },

    cancelOrder: async (supplier, poNumber, reason) => {
      await send({
        endpoint: 'cancel',
        method: 'POST',
        path: `/suppliers/${seg(supplier)}/orders/${seg(poNumber)}/cancel`,
        body: { reason },
      });
    },

    bookReceipt: (sku, poNumber, quantity) =>
      call(StockLevel, {
        endpoint: 'receipts',
        method: 'POST',
        path: `/inventory/${seg(sku)}/receipts`,
        body: { poNumber, quantity },
      }),

    notify: async (notification: Notification) => {
      await send({ endpoint: 'notify', method: 'POST', path: '/notifications', body: notification });
    },
  };
}

// findOrder needs the status to tell "no such order" from other refusals.
function refusal(status: number, message: string): Error {
  return Object.assign(businessRefusal(message), { status });
}

async function parseBody<T>(schema: z.ZodType<T>, res: Response, c: Call): Promise<T> {
  let json: unknown;
  try {
    json = await res.json();
  } catch (cause) {
    throw new Error(`${c.endpoint} (${c.method} ${c.path}) returned a body that is not JSON`, { cause });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${c.endpoint} (${c.method} ${c.path}) returned an unexpected body: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

async function serverMessage(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const message = body.error ?? body.message;
    if (typeof message === 'string' && message) return message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.slice(0, 200) || res.statusText || `HTTP ${res.status}`;
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = (cause as { cause?: unknown }).cause;
  return inner instanceof Error ? `${cause.message} (${inner.message})` : cause.message;
}
