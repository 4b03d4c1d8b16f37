import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import type {
  ContentBlock, ContentBlockParam, Message, MessageCreateParamsNonStreaming, MessageParam, Tool as ApiTool,
} from '@anthropic-ai/sdk/resources/messages';
import { asyncLocalStorage } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Usage } from '../../domain/types.js';
import { addUsage, billedTokens, noUsage } from '../../domain/usage.js';
import { TOOLS, toolByName } from '../../tools/index.js';
import { judge as judgeTurn } from '../../tools/turn.js';
import type { Choice, DecideRequest, Decider } from '../contract.js';
import { beat, carriedUsage } from '../heartbeat.js';
import { REASON_FIELD, systemPrompt, toolDefinition } from './prompt.js';
import { renderState } from './render-state.js';

export interface ClaudeOptions {
  apiKey: string;
  model: string;
  baseURL?: string;
  /** Cuts one call to the Messages API; keep timeoutMs × maxAttempts under the decide activity's timeout. */
  timeoutMs: number;
  /** Tokens of every kind (input, cache writes, cache reads, output) one replenishment may spend on decisions. */
  tokenBudget?: number;
  /** Calls within one decide before a refused choice fails it. */
  maxAttempts?: number;
  maxTokens?: number;
}

/** A choice refused inside the decide, before the model was asked again. */
export interface Rejection {
  attempt: number;
  tool: string;
  why: string;
}

/** What the decider returns: a Choice, plus the choices it refused on the way (for the turn log). */
export interface ClaudeChoice extends Choice {
  usage: Usage;
  rejected: Rejection[];
}

export const REASON_CHARS = 300;

/**
 * Every tool, in the fixed order of src/tools/index.ts, with the last one marked: the tools and the
 * system prompt after them are the same bytes on every turn of every run, a prefix the API caches.
 * Built once per process.
 */
let everyTool: ApiTool[] | null = null;
const allTools = (): ApiTool[] =>
  (everyTool ??= TOOLS.map((tool, i) => {
    const definition = toolDefinition(tool);
    return i === TOOLS.length - 1 ? { ...definition, cache_control: { type: 'ephemeral' } } : definition;
  }));

/**
 * The Messages API request for one turn: every tool and the system prompt first (the cached
 * prefix), then the turn, which names the tools the rules allow now. A call to any other is
 * refused in code (`checkAnswer`), as the workflow would refuse it.
 */
export function buildRequest(req: DecideRequest, model: string, maxTokens = 1024): Omit<MessageCreateParamsNonStreaming, 'tools'> & { tools: ApiTool[] } {
  const unknown = req.allowed.find((name) => !toolByName(name));
  if (unknown) throw ApplicationFailure.nonRetryable(`the workflow allowed ${unknown}, which is not a tool`, 'DeciderRejected');
  return {
    model,
    max_tokens: maxTokens,
    tools: allTools(),
    system: [{ type: 'text', text: systemPrompt(req.goal), cache_control: { type: 'ephemeral' } }],
    tool_choice: { type: 'any', disable_parallel_tool_use: true },
    messages: [{ role: 'user', content: renderState(req) }],
  };
}

/** Claude picks each step through tool use; the rules and the tools' schemas have the last word. */
export function createClaudeDecider(opts: ClaudeOptions): Decider {
  const client = new Anthropic({ apiKey: opts.apiKey, baseURL: opts.baseURL, maxRetries: 0, timeout: opts.timeoutMs });
  const maxAttempts = opts.maxAttempts ?? 3;

  async function decide(req: DecideRequest): Promise<ClaudeChoice> {
    const params = buildRequest(req, opts.model, opts.maxTokens);
    const messages: MessageParam[] = [...params.messages];
    const activity = asyncLocalStorage.getStore();
    // Earlier attempts of this activity that failed after the API answered: their tokens were billed too.
    let usage: Usage = carriedUsage(activity?.info.heartbeatDetails);
    const rejected: Rejection[] = [];

    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      checkBudget(req, usage, { ...params, messages }, opts.tokenBudget);
      const response = await call(client, { ...params, messages }, opts.timeoutMs, usage, activity?.cancellationSignal);
      usage = addUsage(usage, usageOf(response));
      if (activity) beat({ usage });
      stopped(response, usage, rejected);
      const verdict = checkAnswer(req, response);
      if (verdict.ok) return { tool: verdict.tool, input: verdict.input, ...reasonOf(response, verdict.reason), usage, rejected };
      rejected.push({ attempt, tool: verdict.tool, why: verdict.why });
      activity?.log.warn('model choice refused', { turn: req.turn, attempt, tool: verdict.tool, why: verdict.why });
      const said = replayable(response.content);
      if (said.length) messages.push({ role: 'assistant', content: said });
      messages.push({ role: 'user', content: verdict.feedback });
    }
    throw ApplicationFailure.create({
      message: `the model made no usable choice in ${maxAttempts} attempts: ${rejected.map((r) => r.why).join('; ')} (allowed: ${req.allowed.join(', ')})`,
      type: 'DeciderRejected',
      nonRetryable: true,
      details: [{ usage, rejected }],
    });
  }

  return { name: 'claude', decide };
}

async function call(client: Anthropic, params: MessageCreateParamsNonStreaming, timeoutMs: number, spent: Usage, signal?: AbortSignal): Promise<Message> {
  try {
    return await client.messages.create(params, signal ? { signal } : undefined);
  } catch (err) {
    throw toFailure(err, timeoutMs, spent);
  }
}

/**
 * An answer the model stopped short of: asking again would meet the same limit or the same
 * refusal, so the decide fails for good (and the fallback, when there is one, takes the turn).
 */
function stopped(response: Message, usage: Usage, rejected: Rejection[]): void {
  const why = response.stop_reason === 'refusal' ? { type: 'ModelRefused', message: 'the model declined to answer (stop_reason refusal)' }
    : response.stop_reason === 'max_tokens' ? { type: 'ModelTruncated', message: `the answer was cut at max_tokens (${response.usage.output_tokens} tokens)` }
    : null;
  if (why) throw ApplicationFailure.create({ ...why, nonRetryable: true, details: [{ usage, rejected }] });
}

type Verdict =
  | { ok: true; tool: string; input: unknown; reason?: string }
  | { ok: false; tool: string; why: string; feedback: ContentBlockParam[] };

/** The single tool_use block, checked against the allowed list, the tool's schema and its refusals. */
function checkAnswer(req: DecideRequest, response: Message): Verdict {
  const uses = response.content.filter((b) => b.type === 'tool_use');
  const [use] = uses;
  if (!use) {
    const why = `no tool was called (stop_reason ${response.stop_reason ?? 'unknown'})`;
    return { ok: false, tool: '(none)', why, feedback: [{ type: 'text', text: `${why}. Call exactly one of the tools allowed now: ${req.allowed.join(', ')}.` }] };
  }
  const refuse = (why: string): Verdict => ({
    ok: false,
    tool: use.name,
    why,
    feedback: uses.map((u) => ({
      type: 'tool_result', tool_use_id: u.id, is_error: true,
      content: `Nothing was run: ${why}. The tools allowed now are ${req.allowed.join(', ')}. Choose again: call exactly one of them with a valid input.`,
    })),
  });
  if (uses.length > 1) return refuse(`${uses.length} tools were called; exactly one is allowed per turn`);

  const raw = (use.input && typeof use.input === 'object' ? use.input : {}) as Record<string, unknown>;
  const { [REASON_FIELD]: reason, ...input } = raw;
  // The same judgement the workflow makes of the choice, so a choice it would refuse is refused here first.
  const allowed = req.allowed.flatMap((name) => toolByName(name) ?? []);
  const step = judgeTurn(req.state, allowed, req.now, { tool: use.name, input });
  if (step.kind === 'refused') return refuse(step.why);
  const parsed = step.kind === 'call' ? step.input : {};
  return { ok: true, tool: use.name, input: parsed, ...(typeof reason === 'string' ? { reason } : {}) };
}

/** The model's reason: the `reason` field of its tool call, else any text it wrote; capped. */
function reasonOf(response: Message, fromInput?: string): { reason?: string } {
  const text = fromInput?.trim() || response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join(' ').trim();
  if (!text) return {};
  const flat = text.replace(/\s+/g, ' ');
  return { reason: flat.length <= REASON_CHARS ? flat : `${flat.slice(0, REASON_CHARS - 1)}…` };
}

/** The assistant's turn as request blocks, so a refusal can answer its tool_use by id. */
function replayable(content: ContentBlock[]): ContentBlockParam[] {
  return content.flatMap((b): ContentBlockParam[] => {
    if (b.type === 'text') return b.text ? [{ type: 'text', text: b.text }] : [];
    if (b.type === 'tool_use') return [{ type: 'tool_use', id: b.id, name: b.name, input: b.input }];
    return [];
  });
}

/** The response's tokens, each kind apart: they are billed at different prices. */
const usageOf = ({ usage: u }: Message): Usage => ({
  input: u.input_tokens,
  written: u.cache_creation_input_tokens ?? 0,
  cached: u.cache_read_input_tokens ?? 0,
  output: u.output_tokens,
});


/**
 * The API's own tool-use instructions, which it adds to every request with tools (313–346 tokens
 * on current models, by the tool-use docs); rounded up.
 */
const TOOL_USE_PROMPT_TOKENS = 350;
/** JSON-heavy prompts run about 3 characters a token; fewer characters per token overestimates, as a guard should. */
const CHARS_PER_TOKEN = 3;

/** An upper estimate of what a request costs: its prompt at 3 characters a token, and every output token it allows. */
export const estimateTokens = (params: MessageCreateParamsNonStreaming): number => {
  const { max_tokens: maxTokens, ...prompt } = params;
  return Math.ceil(JSON.stringify(prompt).length / CHARS_PER_TOKEN) + (prompt.tools?.length ? TOOL_USE_PROMPT_TOKENS : 0) + maxTokens;
};

/** The call is not made when what it may cost would take the replenishment past its budget. */
function checkBudget(req: DecideRequest, current: Usage, params: MessageCreateParamsNonStreaming, budget: number | undefined): void {
  if (budget === undefined) return;
  const spent = billedTokens(req.spent) + billedTokens(current);
  const next = estimateTokens(params);
  if (spent + next <= budget) return;
  throw ApplicationFailure.create({
    message: `token budget spent: ${spent} of ${budget} tokens used on ${req.state.poBase}, and the next call may cost up to ${next}`,
    type: 'TokenBudgetExceeded',
    nonRetryable: true,
    details: [{ spent, budget, next, usage: current }],
  });
}

/** Temporal's retry policy owns retries: say which failures a retry can fix, and when to retry. */
export function toFailure(err: unknown, timeoutMs: number, spent: Usage = noUsage()): unknown {
  // What this decide spent before the failing call, so the workflow's log and the metrics count it.
  const details = [{ usage: spent }];
  if (err instanceof APIConnectionTimeoutError) {
    return ApplicationFailure.create({ message: `the model API did not answer within ${timeoutMs} ms`, type: 'ModelTimeout', nonRetryable: false, cause: err, details });
  }
  if (err instanceof APIConnectionError) {
    return ApplicationFailure.create({ message: `the model API could not be reached: ${err.message}`, type: 'ModelUnavailable', nonRetryable: false, cause: err, details });
  }
  if (!(err instanceof APIError) || typeof err.status !== 'number') return err;
  const detail = `${err.status}${err.type ? ` ${err.type}` : ''}: ${err.apiMessage ?? err.message}`;
  if (isRetryableStatus(err.status)) {
    const delay = retryAfterMs(err.headers);
    return ApplicationFailure.create({
      message: `the model API is unavailable (${detail})`,
      type: 'ModelUnavailable',
      nonRetryable: false,
      cause: err,
      details,
      ...(delay !== undefined ? { nextRetryDelay: delay } : {}),
    });
  }
  return ApplicationFailure.create({ message: `the model API refused the request (${detail})`, type: 'ModelRequestInvalid', nonRetryable: true, cause: err, details });
}

const isRetryableStatus = (status: number): boolean => status === 408 || status === 409 || status === 429 || status >= 500;

const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** `retry-after-ms`, or `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  const header = headers?.get('retry-after');
  const seconds = Number(header ?? NaN);
  const value = Number.isFinite(ms) ? ms
    : Number.isFinite(seconds) ? seconds * 1000
    : header ? Date.parse(header) - now : NaN;
  return Number.isFinite(value) && value > 0 ? Math.min(Math.ceil(value), MAX_RETRY_AFTER_MS) : undefined;
}
