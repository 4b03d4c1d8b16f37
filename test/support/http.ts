import { signedHeaders, WAREHOUSE } from '../../src/api/signatures.js';

/**
 * A port for a process a test starts on loopback, from a range no other part of the tests picks from, below Linux's
 * ephemeral range (32768 and up): a port there may be held by any outgoing connection of the machine's at that moment, and
 * a role process that could not listen exited before it was ready.
 */
export const randomPort = (): number => 21_000 + Math.floor(Math.random() * 11_000);

/** A JSON call to a service on loopback: the status, the headers and the parsed body (null when empty). */
export function jsonApi(baseUrl: string) {
  return async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(baseUrl + path, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as any };
  };
}

type JsonApi = ReturnType<typeof jsonApi>;
export interface SenderSecrets { supplierSecrets: Record<string, string>; warehouseSecret: string }

/**
 * The calls of the service's real senders: `sign` gives the headers that sign a body (as the API
 * sends it) as a supplier or the warehouse; `authed` is an API call with the credentials its real
 * caller has: the PO's supplier signs a reply (acme-industrial unless told), the warehouse a receipt,
 * and the manager's token goes with every other POST.
 */
export function senders(api: JsonApi, secrets: SenderSecrets, managerToken: string) {
  function sign(sender: string, body: unknown = undefined, nowMs = Date.now()) {
    const raw = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    const key = sender === WAREHOUSE ? secrets.warehouseSecret : secrets.supplierSecrets[sender] ?? 'not-a-configured-secret';
    return signedHeaders(sender, key, raw, nowMs);
  }
  async function authed(method: string, path: string, body?: unknown, opts: { supplier?: string; headers?: Record<string, string> } = {}) {
    const credentials = method !== 'POST' ? {}
      : path.endsWith('/supplier-replies') ? sign(opts.supplier ?? 'acme-industrial', body)
        : path.endsWith('/receipts') ? sign(WAREHOUSE, body)
          : { authorization: `Bearer ${managerToken}` };
    return api(method, path, body, { ...credentials, ...opts.headers });
  }
  return { sign, authed };
}
