import { signedHeaders, WAREHOUSE } from '../api/signatures.js';
import { ApiError, CliError, EXIT, UsageError } from './errors.js';

export const DEFAULT_API = 'http://127.0.0.1:3000';

export interface ApiOptions {
  baseUrl: string;
  /** A manager's bearer token, sent with every call. */
  token?: string;
  /** Signs supplier replies when set. */
  supplierSecret?: string;
  /** Signs goods receipts and stock wake-ups when set. */
  warehouseSecret?: string;
  timeoutMs?: number;
  /** Told how long the CLI waits before trying a rate-limited call again. */
  onRateLimited?: (seconds: number) => void;
}

const RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_WAIT_S = 60;

export interface Answer<T> { status: number; body: T }

/** Who signs a message: a supplier (by its id) or the warehouse. */
export type Sender = { as: 'supplier'; id: string } | { as: 'warehouse' };

const START_HINT = 'Is the service running? Start it with `npm start` in the project, or point --api (or REPLENISHER_API) at it.';

/** The REST API as the CLI uses it: JSON in and out, the API's `{error}` turned into a CliError. */
export class Api {
  readonly baseUrl: string;

  constructor(private readonly opts: ApiOptions) {
    let url: URL;
    try {
      url = new URL(opts.baseUrl);
    } catch {
      throw new UsageError(`--api: ${JSON.stringify(opts.baseUrl)} is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--api: ${opts.baseUrl} is not an http(s) URL`);
    this.baseUrl = url.href.replace(/\/+$/, '');
  }

  /** Whether messages from this sender will be signed. */
  signs(as: Sender['as']): boolean {
    return Boolean(as === 'supplier' ? this.opts.supplierSecret : this.opts.warehouseSecret);
  }

  async get<T>(path: string): Promise<T> {
    return this.ok(await this.request<T>('GET', path));
  }

  /** With a sender, the body is signed as that sender when its secret is configured. */
  async post<T>(path: string, body?: unknown, sender?: Sender): Promise<T> {
    return this.ok(await this.request<T>('POST', path, body, sender), sender);
  }

  /**
   * Any status comes back as it is; only an unreachable API throws. A 429 is waited out and tried
   * again a few times: the API refused it before reading it, so nothing happened.
   */
  async request<T>(method: string, path: string, body?: unknown, sender?: Sender): Promise<Answer<T>> {
    for (let attempt = 1; ; attempt++) {
      const res = await this.send(method, path, body, sender);
      const text = await res.text();
      let parsed: unknown = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = { error: `HTTP ${res.status} ${res.statusText}: ${text.slice(0, 200)}` };
      }
      if (res.status !== 429) return { status: res.status, body: parsed as T };
      const waitS = Number(res.headers.get('retry-after') ?? NaN);
      const error = (parsed as { error?: string } | null)?.error ?? 'too many requests';
      if (!(waitS >= 0 && waitS <= MAX_RETRY_WAIT_S) || attempt > RATE_LIMIT_RETRIES) {
        return { status: 429, body: { error: Number.isFinite(waitS) ? `${error} (try again in ${waitS}s)` : error } as T };
      }
      this.opts.onRateLimited?.(waitS);
      await new Promise((r) => setTimeout(r, waitS * 1000));
    }
  }

  private async send(method: string, path: string, body: unknown, sender?: Sender): Promise<Response> {
    const raw = body === undefined ? undefined : JSON.stringify(body);
    // Decisions record where they were made (src/api/channel.ts).
    const headers: Record<string, string> = { accept: 'application/json', 'x-replenisher-client': 'cli' };
    if (raw !== undefined) headers['content-type'] = 'application/json';
    if (this.opts.token) headers.authorization = `Bearer ${this.opts.token}`;
    const secret = sender && (sender.as === 'supplier' ? this.opts.supplierSecret : this.opts.warehouseSecret);
    if (sender && secret) Object.assign(headers, signedHeaders(sender.as === 'supplier' ? sender.id : WAREHOUSE, secret, raw ?? ''));
    const timeoutMs = this.opts.timeoutMs ?? 30_000;
    try {
      return await fetch(this.baseUrl + path, { method, headers, body: raw, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw unreachable(this.baseUrl, err, timeoutMs);
    }
  }

  private ok<T>(answer: Answer<T>, sender?: Sender): T {
    if (answer.status < 400) return answer.body;
    const error = (answer.body as { error?: unknown } | null)?.error;
    const message = typeof error === 'string' ? error : `HTTP ${answer.status}`;
    throw new ApiError(answer.status, message, answer.status === 401 || answer.status === 403 ? AUTH_HINT[sender?.as ?? 'manager'] : undefined);
  }
}

const AUTH_HINT = {
  manager: "Pass a manager's token with --token (or REPLENISHER_TOKEN).",
  supplier: "Sign as the supplier the PO went to: --supplier <id> and --supplier-secret (or REPLENISHER_SUPPLIER, REPLENISHER_SUPPLIER_SECRET).",
  warehouse: "Sign as the warehouse with --warehouse-secret (or REPLENISHER_WAREHOUSE_SECRET).",
};

function unreachable(baseUrl: string, err: unknown, timeoutMs: number): CliError {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return new CliError(`the API at ${baseUrl} did not answer within ${timeoutMs / 1000}s`, EXIT.other, START_HINT);
  const why = e.cause?.code ?? e.cause?.message ?? e.message ?? String(err);
  return new CliError(`cannot reach the API at ${baseUrl} (${why})`, EXIT.other, START_HINT);
}
