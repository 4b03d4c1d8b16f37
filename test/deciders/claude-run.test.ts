import { describe, expect, it } from 'vitest';
import type { Turn } from '../../src/domain/types.js';
import { TOOL_NAMES } from '../../src/tools/index.js';
import { withFallback } from '../../src/activities/deciders/fallback.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import {
  allowedIn, apiError, cheapestQuote, followThePlan, hang, offeredTools, refusal, startFakeModel, toolUse, turnText, type FakeModel, type ModelRequest, type ScriptStep,
} from '../support/fake-model.js';
import { fileScope } from '../support/sandbox.js';
import { eventually, startStack, type Stack, type TemporalKind } from '../support/stack.js';
import { sharedTimeSkipping } from '../support/time-skipping.js';
import { story } from '../scenarios/story.js';
import { claudeAt } from './requests.js';

/** The model's turns of a replenishment that goes to plan: the choices the policy decider makes. */
const toPlan = (): ScriptStep[] => [
  toolUse('get_quotes'),
  (req) => toolUse('draft_purchase_order', { quoteId: cheapestQuote(req) }),
  toolUse('request_approval'),
  toolUse('wait_for_approval'),
  toolUse('check_before_order'),
  toolUse('place_order'),
  toolUse('wait_for_supplier_reply'),
  toolUse('read_supplier_reply'),
  toolUse('wait_for_goods'),
  toolUse('close_purchase_order'),
  toolUse('done'),
];
const PLAN_TOOLS = [
  'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'check_before_order', 'place_order',
  'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
];

/** Up to the manager's desk: the agent has quoted, drafted, asked for approval and waits. */
const toApproval = (): ScriptStep[] => toPlan().slice(0, 4);

// One time-skipping server for the file's stacks (a JVM each otherwise); each test's stack has its own task queue.
const server = sharedTimeSkipping(fileScope().cleanup);

async function claudeStack(script: ScriptStep[], temporal: TemporalKind = 'time-skipping', timeoutMs = 5_000, minCacheTokens?: number) {
  const fake = await startFakeModel(script, { minCacheTokens });
  const stack = await startStack({ temporal, decider: claudeAt(fake, { timeoutMs }), ...(temporal === 'time-skipping' ? { server: server() } : {}) });
  return { fake, stack };
}

/** The people around the agent do their part, as in the happy path; the model does the rest. */
async function replenishToPlan(stack: Stack, sku: string) {
  const s = story(stack, sku);
  const result = await s.runToReceived();
  return { result, log: (await s.log()) as unknown as Turn[], orders: await s.orders() };
}

/** The requests one replenishment's decides sent, in order. */
const requestsOf = (fake: FakeModel, poNumber: string): ModelRequest[] =>
  fake.requests.filter((r) => turnText(r).startsWith('Turn ') && turnText(r).includes(` of ${poNumber}. `));
const turnOf = (r: ModelRequest) => Number(turnText(r).match(/^Turn (\d+) /)![1]);

/** With REPORT_TOKENS set, prints the figures docs/claude.md quotes: per decide and per replenishment. */
function reportTokens(label: string, logs: Turn[][]) {
  if (!process.env.REPORT_TOKENS) return;
  const rows = logs.flatMap((log, k) => log.map((t) => ({ run: k + 1, turn: t.turn, tool: t.tool, allowed: t.allowed.length, ...t.usage })));
  const sum = (key: 'input' | 'written' | 'cached' | 'output') => rows.reduce((n, r) => n + (r[key] ?? 0), 0) / logs.length;
  console.log(label);
  console.table(rows);
  console.log({ perReplenishment: { input: sum('input'), written: sum('written'), cached: sum('cached'), output: sum('output') } });
}

describe('a replenishment where Claude picks each step', () => {
  it('scripted model turns take it from low stock to received, and each turn names exactly the tools the rules allow', async () => {
    const { fake, stack } = await claudeStack(toPlan());
    const sku = stack.newSku();
    const { result, log, orders } = await replenishToPlan(stack, sku);

    expect(result.outcome).toBe('received');
    expect(orders).toHaveLength(1);
    expect(orders[0].placeCalls).toBe(1);
    expect(log.map((t) => t.tool)).toEqual(PLAN_TOOLS);
    expect(fake.requests).toHaveLength(log.length);
    fake.requests.forEach((req, i) => {
      expect(turnOf(req)).toBe(log[i]!.turn);
      expect(allowedIn(req), `turn ${log[i]!.turn}`).toEqual(log[i]!.allowed);
      expect(offeredTools(req)).toEqual(TOOL_NAMES);
    });
    // The replay suite's run decided by a model: each choice a decide activity, at the time it returns.
    await story(stack, sku).keep('claude-decides');
  });

  it('the tokens of every decide and the model\'s reason reach the turn log', async () => {
    const { fake, stack } = await claudeStack(toPlan());
    const { log } = await replenishToPlan(stack, stack.newSku());
    reportTokens('one replenishment, cache minimum 1,024 tokens', [log]);

    expect(log).toHaveLength(fake.responses.length);
    log.forEach((turn, i) => {
      const u = fake.responses[i]!.body.usage;
      expect(turn.usage).toEqual({ input: u.input_tokens, written: u.cache_creation_input_tokens, cached: u.cache_read_input_tokens, output: u.output_tokens });
      expect(turn.usage!.input).toBeGreaterThan(0);
      expect(turn.reason).toBe(`scripted: ${turn.tool}`);
    });
  });

  it('the tools and the system prompt are one cached prefix, above the cache minimum: written once, then read on every turn of every run', async () => {
    const { fake, stack } = await claudeStack([...toPlan(), ...toPlan()]);
    const first = await replenishToPlan(stack, stack.newSku());
    const second = await replenishToPlan(stack, stack.newSku());
    expect([first.result.outcome, second.result.outcome]).toEqual(['received', 'received']);

    expect(fake.requests).toHaveLength(2 * PLAN_TOOLS.length);
    expect(new Set(fake.requests.map((r) => JSON.stringify(r.body.system) + JSON.stringify(r.body.tools))).size).toBe(1);
    const usage = fake.responses.map((r) => r.body.usage as { cache_creation_input_tokens: number; cache_read_input_tokens: number });
    const prefix = usage[0]!.cache_creation_input_tokens;
    expect(prefix).toBeGreaterThan(2_048);
    expect(usage[0]!.cache_read_input_tokens).toBe(0);
    for (const u of usage.slice(1)) expect(u).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: prefix });
    reportTokens('two replenishments, cache minimum 1,024 tokens', [first.log, second.log]);
  });
});

describe('choices the rules refuse', () => {
  it('a tool the rules do not allow and a malformed input run nothing: the model is asked again within the same decide', async () => {
    const { fake, stack } = await claudeStack([toolUse('place_order'), toolUse('get_quotes', { quantity: 10_000 }), ...toApproval()]);
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    await s.approvalRequest();

    expect(await s.orders()).toHaveLength(0);
    const log = (await s.log()) as unknown as Turn[];
    // The refused attempts are in the decision log, and nothing ran for them.
    expect(log.map((t) => [t.turn, t.tool, t.result])).toEqual([
      [1, 'place_order', 'refused'], [1, 'get_quotes', 'refused'], [1, 'get_quotes', 'ok'],
      [2, 'draft_purchase_order', 'ok'], [3, 'request_approval', 'ok'],
    ]);
    const turnOne = fake.requests.filter((r) => turnOf(r) === 1);
    expect(turnOne).toHaveLength(3);
    const refusals = turnOne.slice(1).map((r) => r.body.messages.at(-1).content[0]);
    expect(refusals.map((c: any) => c.is_error)).toEqual([true, true]);
    expect(refusals[0].content).toMatch(/place_order is not allowed now/);
    expect(refusals[1].content).toMatch(/invalid input for get_quotes/);
  });

  it('with DECIDER_FALLBACK=manager, a model that keeps choosing what the rules forbid fails the run after three attempts, with the reason, and nothing is ordered', async () => {
    const { fake, stack } = await claudeStack([toolUse('place_order'), toolUse('place_order', { poNumber: 'PO-1' }), toolUse('done')]);
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const result = await s.outcome();

    expect(result.outcome).toBe('failed');
    expect(result.reason).toMatch(/no usable choice in 3 attempts: place_order is not allowed now; place_order is not allowed now; done is not allowed now/);
    expect(await s.orders()).toHaveLength(0);
    expect(requestsOf(fake, `PO-${sku}-1`)).toHaveLength(3);
  });
});

describe('the policy takes the turns the model cannot decide', () => {
  it('three refused choices, then a refusal: the policy decides both turns, the log says so, the manager hears it once, and the order goes through', async () => {
    const fake = await startFakeModel([toolUse('place_order'), toolUse('done'), toolUse('place_order'), refusal()], { fallback: followThePlan });
    const stack = await startStack({ temporal: 'time-skipping', server: server(), decider: withFallback(claudeAt(fake), policyDecider) });
    const sku = stack.newSku();
    const { result, log, orders } = await replenishToPlan(stack, sku);

    expect(result.outcome).toBe('received');
    expect(orders).toHaveLength(1);
    expect(log.slice(0, 7).map((t) => [t.turn, t.tool, t.result])).toEqual([
      [1, 'place_order', 'refused'], [1, 'done', 'refused'], [1, 'place_order', 'refused'],
      [1, 'decide', 'fallback'], [1, 'get_quotes', 'ok'],
      [2, 'decide', 'fallback'], [2, 'draft_purchase_order', 'ok'],
    ]);
    expect(log[3]!.summary).toMatch(/no usable choice in 3 attempts: .*; the policy decider chose get_quotes$/);
    expect(log[5]!.summary).toMatch(/declined to answer \(stop_reason refusal\); the policy decider chose draft_purchase_order$/);
    // The model's tokens for the turns it could not decide are on the turns the policy decided.
    expect(log[4]!.usage?.input).toBeGreaterThan(0);
    const inbox = (await stack.sandbox.http('GET', '/notifications')).body.items as { sku?: string; subject: string; body: string }[];
    const told = inbox.filter((n) => n.sku === sku && n.subject.startsWith('The model stopped deciding'));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(/could not choose turn 1: the model made no usable choice/);
    expect(inbox.filter((n) => n.sku === sku && n.subject.startsWith('Take over'))).toEqual([]);
  });
});

describe('the model API failing', () => {
  it('429 with retry-after: Temporal retries the decide no sooner than the API asked', async () => {
    // retry-after 4 s is above the decide activity's 2 s initial interval, so only honouring it passes.
    const { fake, stack } = await claudeStack([apiError(429, 'rate_limit_error', 'Number of requests has exceeded your rate limit', 4), ...toApproval()], 'dev');
    const s = story(stack, stack.newSku());
    await s.startAgent();
    await s.approvalRequest();

    const [limited, retried] = fake.requests;
    expect(turnOf(retried!)).toBe(1);
    expect(retried!.at - limited!.at).toBeGreaterThanOrEqual(4_000);
    expect(((await s.log()) as unknown as Turn[])[0]!.tool).toBe('get_quotes');
  });

  it('an attempt that failed after the model answered is billed too: its tokens reach the turn the retry decides', async () => {
    const first = { input_tokens: 900, cache_creation_input_tokens: 1500, cache_read_input_tokens: 0, output_tokens: 40 };
    const second = { input_tokens: 300, cache_creation_input_tokens: 0, cache_read_input_tokens: 1500, output_tokens: 30 };
    const { fake, stack } = await claudeStack([
      toolUse('place_order', {}, { usage: first }), apiError(529, 'overloaded_error', 'Overloaded'),
      toolUse('get_quotes', {}, { usage: second }), ...toApproval().slice(1),
    ]);
    const s = story(stack, stack.newSku());
    await s.startAgent();
    await s.approvalRequest();

    expect(fake.responses.slice(0, 3).map((r) => r.status)).toEqual([200, 529, 200]);
    const log = (await s.log()) as unknown as Turn[];
    const decided = log.find((t) => t.turn === 1 && t.result === 'ok')!;
    expect(decided.tool).toBe('get_quotes');
    expect(decided.usage).toEqual({ input: 1200, written: 1500, cached: 1500, output: 70 });
  });

  it('529 overloaded, then an answer: the run carries on', async () => {
    const { fake, stack } = await claudeStack([apiError(529, 'overloaded_error', 'Overloaded'), ...toApproval()]);
    const s = story(stack, stack.newSku());
    await s.startAgent();
    await s.approvalRequest();

    expect(fake.requests.slice(0, 2).map(turnOf)).toEqual([1, 1]);
    expect(fake.responses.map((r) => r.status)).toEqual([529, 200, 200, 200, 200].slice(0, fake.responses.length));
    expect(((await s.log()) as unknown as Turn[]).map((t) => t.tool).slice(0, 3)).toEqual(['get_quotes', 'draft_purchase_order', 'request_approval']);
  });

  it('400: the replenishment ends failed with the API\'s message, without a retry', async () => {
    const { fake, stack } = await claudeStack([apiError(400, 'invalid_request_error', 'tools.0.input_schema: JSON schema is invalid')]);
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const result = await s.outcome();

    expect(result.outcome).toBe('failed');
    expect(result.reason).toContain('400 invalid_request_error: tools.0.input_schema: JSON schema is invalid');
    expect(requestsOf(fake, `PO-${sku}-1`)).toHaveLength(1);
    // A person is told to take over, with the reason.
    const inbox = (await stack.sandbox.http('GET', '/notifications')).body.items as { sku?: string; subject: string; body: string }[];
    const handOver = inbox.filter((n) => n.sku === sku && n.subject.startsWith('Take over'));
    expect(handOver).toHaveLength(1);
    expect(handOver[0]!.body).toContain('JSON schema is invalid');
    expect(handOver[0]!.body).toContain('Nothing has been ordered');
  });

  it('a call that hangs is cut by the timeout and the decide is retried', async () => {
    const { fake, stack } = await claudeStack([hang(), ...toApproval()], 'time-skipping', 1_000);
    const s = story(stack, stack.newSku());
    await s.startAgent();
    await s.approvalRequest();

    const [hung, retried] = fake.requests;
    expect(turnOf(retried!)).toBe(1);
    expect(retried!.at - hung!.at).toBeGreaterThanOrEqual(1_000);
    expect(fake.responses[0]!.request).toBe(1);
    await eventually(async () => fake.requests.length, (n) => n >= 4, 10_000, 'the decides up to the approval');
  });
});

describe('the manager cancels while the model is choosing', () => {
  it('the decide call in flight is cancelled and its choice discarded; nothing is ordered', async () => {
    const { fake, stack } = await claudeStack([...toApproval(), hang()], 'dev', 60_000);
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    await s.waitingIn('wait_for_approval');
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    // The model has the next turn's request and does not answer.
    await eventually(async () => fake.requests.length, (n) => n === 5, 30_000, 'the model to be asked for turn 5');

    const res = await stack.api('POST', `/purchase-orders/${request.poNumber}/cancel`, { reason: 'bought locally' }, { authorization: `Bearer ${stack.managerToken}` });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(await s.outcome()).toMatchObject({ outcome: 'cancelled', reason: 'cancelled by dana: bought locally' });
    const history = await stack.client.workflow.getHandle(`replenish-${sku}-1`).fetchHistory();
    const events = history.events ?? [];
    const decide5 = events.find((e) => e.activityTaskScheduledEventAttributes?.activityId === 'decide-5');
    expect(decide5, 'the fifth decide was scheduled').toBeDefined();
    expect(events.some((e) => e.activityTaskCancelRequestedEventAttributes?.scheduledEventId?.toString() === decide5!.eventId!.toString())).toBe(true);
    const ran = events.flatMap((e) => e.activityTaskScheduledEventAttributes?.activityId ?? []);
    expect(ran.filter((id) => /^(check_before_order|place_order)-/.test(id))).toEqual([]);
    expect(await s.orders()).toHaveLength(0);
  });
});
