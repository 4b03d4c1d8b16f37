import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { onTestFinished } from 'vitest';
import { requestError } from './messages-rules.js';

/** One request the fake model received, as it arrived. */
export interface ModelRequest {
  index: number;
  /** Date.now() when the request arrived. */
  at: number;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** Why the model stopped, when not for the usual reason (tool_use after a call, end_turn after text). */
type StopReason = 'refusal' | 'max_tokens';

export type Step =
  | { kind: 'tool_use'; name: string; input: Record<string, unknown>; text?: string; usage?: Partial<FakeUsage>; stop?: StopReason }
  | { kind: 'text'; text: string; stop?: StopReason }
  | { kind: 'error'; status: number; type: string; message: string; retryAfter?: string }
  | { kind: 'hang' };

/** A step, or a step worked out from the request (to pick a quoteId the sandbox returned, say). */
export type ScriptStep = Step | ((req: ModelRequest) => Step);

export const toolUse = (name: string, input: Record<string, unknown> = {}, extra: { text?: string; usage?: Partial<FakeUsage> } = {}): Step =>
  ({ kind: 'tool_use', name, input: { rationale: `scripted: ${name}`, ...input }, ...extra });
/** The reader's answer: a `report_reply` call with exactly this input (no rationale field). */
export const reportReply = (input: Record<string, unknown>): Step => ({ kind: 'tool_use', name: 'report_reply', input });
export const textOnly = (text: string): Step => ({ kind: 'text', text });
/** The model declines: `stop_reason: refusal`, with no content. */
export const refusal = (): Step => ({ kind: 'text', text: '', stop: 'refusal' });
/** The answer is cut at max_tokens in the middle of a tool call. */
export const cutOff = (name: string): Step => ({ kind: 'tool_use', name, input: {}, stop: 'max_tokens' });
export const apiError = (status: number, type: string, message: string, retryAfter?: number | string): Step =>
  ({ kind: 'error', status, type, message, ...(retryAfter !== undefined ? { retryAfter: String(retryAfter) } : {}) });
export const hang = (): Step => ({ kind: 'hang' });

/** Rough token figures, about four characters a token, as a real model would report them. */
const tokens = (text: string): number => Math.ceil(text.length / 4);
const hash = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The Messages API played from a script, on a loopback port: `POST /v1/messages` answers with the
 * next step (a tool call, an API error, or silence). Every request is recorded; one the real API
 * would refuse (test/support/messages-rules.ts) gets its 400 instead of a step. Unless a step says
 * otherwise, usage is estimated from the request's size, and prompt caching is simulated: a prefix
 * ending at a `cache_control` breakpoint that was seen before (and is at least `minCacheTokens`
 * long) is reported as read from the cache.
 */
export interface FakeModelOptions {
  /** Prompt prefixes shorter than this are not cached (the API's minimum is 1,024 tokens or more). */
  minCacheTokens?: number;
  /** What answers once the script is used up; without it, a 400 that names the request. */
  fallback?: ScriptStep;
  port?: number;
  /** Close when the current test ends (the default); false for a server outside vitest. */
  closeAfterTest?: boolean;
  /** The model's output limit; a larger `max_tokens` gets the API's 400. 64,000 (Sonnet-class) unless set. */
  maxOutputTokens?: number;
}

export async function startFakeModel(script: ScriptStep[], opts: FakeModelOptions = {}) {
  const minCacheTokens = opts.minCacheTokens ?? 1024;
  const steps = [...script];
  const requests: ModelRequest[] = [];
  const responses: { request: number; status: number; body: any }[] = [];
  const hanging = new Set<ServerResponse>();
  const cache = new Set<string>();

  const send = (req: ModelRequest, res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    responses.push({ request: req.index, status, body });
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_fake_${req.index}`, ...headers });
    res.end(JSON.stringify(body));
  };

  const server = createServer((httpReq, res) => {
    const chunks: Buffer[] = [];
    httpReq.on('data', (c: Buffer) => chunks.push(c));
    httpReq.on('end', () => {
      if (httpReq.method !== 'POST' || httpReq.url?.split('?')[0] !== '/v1/messages') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify(errorBody('not_found_error', `no route ${httpReq.method} ${httpReq.url}`)));
        return;
      }
      const req: ModelRequest = { index: requests.length, at: Date.now(), headers: httpReq.headers, body: parseBody(Buffer.concat(chunks).toString('utf8')) };
      requests.push(req);
      // A request the real API refuses is refused here too, before it can use up a step of the script.
      const invalid = requestError(req.body, { maxOutputTokens: opts.maxOutputTokens ?? 64_000 });
      if (invalid) {
        send(req, res, 400, errorBody('invalid_request_error', invalid));
        return;
      }
      let step: Step;
      try {
        const next = steps.shift() ?? opts.fallback;
        if (!next) throw new Error(`the script has no step for request ${req.index}`);
        step = typeof next === 'function' ? next(req) : next;
      } catch (err) {
        send(req, res, 400, errorBody('invalid_request_error', `fake model: ${(err as Error).message}`));
        return;
      }
      switch (step.kind) {
        case 'hang':
          hanging.add(res);
          res.on('close', () => hanging.delete(res));
          return;
        case 'error':
          send(req, res, step.status, errorBody(step.type, step.message), step.retryAfter !== undefined ? { 'retry-after': step.retryAfter } : {});
          return;
        case 'text':
          send(req, res, 200, message(req, step.text ? [{ type: 'text', text: step.text }] : [], step.stop ?? 'end_turn', usageOf(req.body, step.text)));
          return;
        case 'tool_use': {
          const content = [
            ...(step.text ? [{ type: 'text', text: step.text }] : []),
            { type: 'tool_use', id: `toolu_fake_${req.index}`, name: step.name, input: step.input },
          ];
          const usage = { ...usageOf(req.body, JSON.stringify(content)), ...step.usage };
          send(req, res, 200, message(req, content, step.stop ?? 'tool_use', usage));
          return;
        }
      }
    });
  });

  function usageOf(body: any, said: string): FakeUsage {
    const breakpoints: string[] = [];
    let prefix = '';
    for (const tool of body.tools ?? []) {
      prefix += JSON.stringify(tool);
      if (tool.cache_control) breakpoints.push(prefix);
    }
    for (const block of Array.isArray(body.system) ? body.system : [{ text: body.system ?? '' }]) {
      prefix += JSON.stringify(block);
      if (block.cache_control) breakpoints.push(prefix);
    }
    const total = tokens(prefix) + tokens(JSON.stringify(body.messages));
    const cacheable = breakpoints.filter((p) => tokens(p) >= minCacheTokens);
    const read = Math.max(0, ...cacheable.filter((p) => cache.has(hash(p))).map(tokens));
    const longest = cacheable.at(-1);
    const written = longest && tokens(longest) > read ? tokens(longest) - read : 0;
    for (const p of cacheable) cache.add(hash(p));
    return {
      input_tokens: total - read - written,
      output_tokens: tokens(said) + 10,
      cache_creation_input_tokens: written,
      cache_read_input_tokens: read,
    };
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  if (opts.closeAfterTest !== false) onTestFinished(close);

  return {
    url,
    requests,
    responses,
    /** Steps for requests still to come. */
    push: (...more: ScriptStep[]) => steps.push(...more),
    remaining: () => steps.length,
    close,
  };
}

export type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;

/** The body as JSON, or null (which the rules refuse) when it is not JSON. */
function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function errorBody(type: string, message: string) {
  return { type: 'error', error: { type, message } };
}

function message(req: ModelRequest, content: unknown[], stopReason: string, usage: FakeUsage) {
  return {
    id: `msg_fake_${req.index}`,
    type: 'message',
    role: 'assistant',
    model: req.body.model,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { ...usage, service_tier: 'standard' },
  };
}

/** The text of the request's first user message: the rendered turn. */
export function turnText(req: ModelRequest): string {
  const first = req.body.messages?.[0];
  return typeof first?.content === 'string' ? first.content : (first?.content ?? []).map((b: any) => b.text ?? '').join('');
}

/** Whether the request is the reply reader's (one forced report_reply) rather than a decide. */
export const isReaderRequest = (req: ModelRequest): boolean => req.body.tool_choice?.name === 'report_reply';

/** The supplier text a reader request shows the model, unescaped: what evidence is copied from. */
export function replyTextOf(req: ModelRequest): string {
  const shown = turnText(req).match(/<supplier_message>\n([\s\S]*)\n<\/supplier_message>/)?.[1];
  if (shown === undefined) throw new Error(`request ${req.index} carries no <supplier_message> block`);
  return shown.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** The state JSON the decider rendered into the request. */
export function stateOf(req: ModelRequest): any {
  const json = turnText(req).match(/<state>\n(.*)\n<\/state>/)?.[1];
  if (!json) throw new Error(`request ${req.index} carries no <state> block`);
  return JSON.parse(json);
}

export const offeredTools = (req: ModelRequest): string[] => (req.body.tools ?? []).map((t: any) => t.name);

/** The tools the turn says the rules allow now (every tool is offered; these may be called). */
export function allowedIn(req: ModelRequest): string[] {
  const list = turnText(req).match(/<allowed_tools>(.*)<\/allowed_tools>/)?.[1];
  if (list === undefined) throw new Error(`request ${req.index} names no allowed tools`);
  return list ? list.split(', ') : [];
}

/** The turn number the rendered request is for. */
export const turnOf = (req: ModelRequest): number => Number(turnText(req).match(/^Turn (\d+) /)?.[1]);

/** The order a careful buyer takes the steps in: the policy decider's precedence. */
const PLAN = [
  'done', 'read_supplier_reply', 'ask_supplier_to_clarify', 'ask_manager_about_reply', 'close_purchase_order', 'get_quotes', 'draft_purchase_order', 'request_approval',
  'wait_for_approval', 'check_before_order', 'place_order', 'chase_supplier', 'wait_for_supplier_reply', 'wait_for_goods', 'reorder_elsewhere',
  'cancel_purchase_order',
];

/**
 * A model that follows the plan: the first allowed tool in the policy's order, the cheapest valid
 * quote for a draft. For runs that need a model on every turn without a script of their own.
 */
export function followThePlan(req: ModelRequest): Step {
  const allowed = allowedIn(req);
  const tool = PLAN.find((t) => allowed.includes(t)) ?? allowed[0];
  if (!tool) throw new Error(`request ${req.index} allows no tool`);
  if (tool === 'draft_purchase_order') return toolUse(tool, { quoteId: cheapestQuote(req) });
  if (tool === 'cancel_purchase_order') return toolUse(tool, { reason: 'no way forward within the rules' });
  return toolUse(tool);
}

/** The quoteId of the cheapest valid quote in the rendered state: what a draft should name. */
export function cheapestQuote(req: ModelRequest): string {
  const quotes = (stateOf(req).quotes ?? []) as { quoteId: string; unitPrice: number; valid?: boolean }[];
  const best = quotes.filter((q) => q.valid).sort((a, b) => a.unitPrice - b.unitPrice)[0];
  if (!best) throw new Error(`request ${req.index} shows no valid quote`);
  return best.quoteId;
}
