import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRequest, estimateTokens, type ClaudeChoice } from '../../src/activities/deciders/claude.js';
import type { Usage } from '../../src/domain/types.js';
import { TOOL_NAMES, toolByName } from '../../src/tools/index.js';
import { allowedIn, apiError, hang, startFakeModel, stateOf, textOnly, toolUse } from '../support/fake-model.js';
import { claudeAt, quote, quotedState, requestFor, stateFor } from './requests.js';

const failureOf = async (p: Promise<unknown>): Promise<ApplicationFailure> => {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ApplicationFailure);
  return err as ApplicationFailure;
};

describe('the request Claude receives', () => {
  it('offers every tool in a fixed order, each from its zod schema, names the allowed ones in the turn, and requires exactly one tool call', async () => {
    const fake = await startFakeModel([toolUse('draft_purchase_order', { quoteId: 'Q-acme-industrial' })]);
    const req = requestFor(quotedState());
    expect(req.allowed).toEqual(['draft_purchase_order', 'cancel_purchase_order']);
    await claudeAt(fake).decide(req);

    const [sent] = fake.requests;
    expect(sent!.headers.authorization ?? sent!.headers['x-api-key']).toContain('sk-test');
    expect(sent!.body.model).toBe('claude-test');
    expect(sent!.body.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(sent!.body.tools.map((t: any) => t.name)).toEqual(TOOL_NAMES);
    expect(allowedIn(sent!)).toEqual(req.allowed);
    for (const t of sent!.body.tools) {
      const { $schema: _ignored, ...schema } = z.toJSONSchema(toolByName(t.name)!.input) as any;
      expect(t.description).toBe(toolByName(t.name)!.description);
      expect(t.input_schema).toMatchObject({
        ...schema,
        properties: { ...schema.properties, rationale: { type: 'string' } },
        required: [...(schema.required ?? []), 'rationale'],
      });
    }
  });

  it('marks the last tool and the system prompt as the cached prefix, and puts the turn in the user message', () => {
    const params = buildRequest(requestFor(quotedState()), 'claude-test');
    expect(params.system).toEqual([expect.objectContaining({ type: 'text', cache_control: { type: 'ephemeral' } })]);
    const marked = (params.tools ?? []).map((t) => 'cache_control' in t && t.cache_control);
    expect(marked.at(-1)).toEqual({ type: 'ephemeral' });
    expect(marked.slice(0, -1).every((m) => !m)).toBe(true);
    expect(params.messages).toHaveLength(1);
    expect(params.messages[0]!.content).toContain('<state>');
  });

  it('has the same tools and system prompt, byte for byte, whatever the SKU, turn, time and allowed tools; the cacheable prefix is above 2,048 tokens', () => {
    const a = buildRequest(requestFor(stateFor('BOLT-M8'), 1, '2026-11-02T09:00:00.000Z'), 'm');
    const b = buildRequest(requestFor(quotedState('GLOVES-L'), 7, '2026-11-10T18:30:00.000Z'), 'm');
    expect(JSON.stringify(b.tools)).toBe(JSON.stringify(a.tools));
    expect(JSON.stringify(b.system)).toBe(JSON.stringify(a.system));
    expect(allowedIn({ body: b } as any)).not.toEqual(allowedIn({ body: a } as any));
    // The stand-in's arithmetic: about four characters a token.
    const prefix = a.tools.map((t) => JSON.stringify(t)).join('') + JSON.stringify(a.system![0]);
    expect(Math.ceil(prefix.length / 4)).toBeGreaterThan(2_048);
  });

  it('a choice of a tool offered but not allowed now runs nothing and is asked again', async () => {
    const fake = await startFakeModel([toolUse('place_order'), toolUse('get_quotes')]);
    const choice = (await claudeAt(fake).decide(requestFor(stateFor('BOLT-M8')))) as ClaudeChoice;
    expect(fake.requests[0]!.body.tools.map((t: any) => t.name)).toContain('place_order');
    expect(choice).toMatchObject({ tool: 'get_quotes', rejected: [{ attempt: 1, tool: 'place_order', why: 'place_order is not allowed now' }] });
  });

  it('shows the waits allowed now with how long they last, and the agent\'s memory of its suppliers', () => {
    const state = stateFor('BOLT-M8', (s) => ({
      suppliers: { 'acme-industrial': { orders: 4, received: 3, lastPrice: 5.05, lastLeadDays: 6.5, lastSeen: '2026-10-20T09:00:00.000Z', late: 2, onTime: 1 } },
      po: { poNumber: s.poBase, sku: s.sku, supplier: 'acme-industrial', quoteId: 'Q-acme-industrial', quantity: 90, unitPrice: 5.1, total: 459 },
      quotes: [quote('acme-industrial', 5.1)], approvalRequests: 1, approvalPending: true,
    }));
    const req = requestFor(state);
    expect(req.allowed).toContain('wait_for_approval');
    const text = buildRequest(req, 'm').messages[0]!.content as string;
    expect(text).toMatch(/<waits>\nwait_for_approval: at most 3 days, until 2026-11-05T09:00:00\.000Z\n<\/waits>/);
    expect(stateOf({ body: { messages: [{ content: text }] } } as any).suppliers).toEqual({
      'acme-industrial': { orders: 4, received: 3, lastPrice: 5.05, lastLeadDays: 6.5, lastSeen: '2026-10-20T09:00:00.000Z', late: 2, onTime: 1 },
    });
    expect((buildRequest(req, 'm').system as { text: string }[])[0]!.text).toMatch(/"suppliers" in <state> is what the agent learned/);
  });

});

describe('the answer', () => {
  it('returns the chosen tool with its input parsed by the tool\'s schema, the model\'s reason and the tokens', async () => {
    const fake = await startFakeModel([
      toolUse('draft_purchase_order', { quoteId: 'Q-acme-industrial', rationale: 'acme is the cheapest valid quote' }, {
        usage: { input_tokens: 700, cache_read_input_tokens: 1500, cache_creation_input_tokens: 0, output_tokens: 40 },
      }),
    ]);
    const choice = await claudeAt(fake).decide(requestFor(quotedState()));
    expect(choice).toMatchObject({
      tool: 'draft_purchase_order',
      input: { quoteId: 'Q-acme-industrial' },
      reason: 'acme is the cheapest valid quote',
      usage: { input: 700, written: 0, cached: 1500, output: 40 },
    });
  });

  it('a tool with a reason of its own gets it, apart from the model\'s rationale', async () => {
    const fake = await startFakeModel([toolUse('cancel_purchase_order', { reason: 'no supplier can deliver in time', rationale: 'nothing else is allowed' })]);
    const choice = await claudeAt(fake).decide(requestFor(quotedState()));
    expect(choice).toMatchObject({ tool: 'cancel_purchase_order', input: { reason: 'no supplier can deliver in time' }, reason: 'nothing else is allowed' });
  });

  it('takes a text block as the reason when the tool call carries none, capped at 300 characters', async () => {
    const fake = await startFakeModel([{ kind: 'tool_use', name: 'get_quotes', input: {}, text: `Quotes first. ${'x'.repeat(400)}` }]);
    const choice = await claudeAt(fake).decide(requestFor(stateFor('BOLT-M8')));
    expect(choice.reason).toMatch(/^Quotes first\. x+…$/);
    expect(choice.reason).toHaveLength(300);
  });

  it.each([
    ['a tool that is not allowed now', toolUse('place_order'), /place_order is not allowed now/],
    ['a tool that does not exist', toolUse('order_everything'), /order_everything is not a tool/],
    ['input the schema refuses', toolUse('get_quotes', { quantity: 500 }), /invalid input for get_quotes: .*Unrecognized key.*quantity/],
  ])('%s runs nothing: the model is told why and asked again within the same decide', async (_what, bad, why) => {
    const fake = await startFakeModel([bad, toolUse('get_quotes', {}, { usage: { input_tokens: 100, output_tokens: 10 } })]);
    const choice = (await claudeAt(fake).decide(requestFor(stateFor('BOLT-M8')))) as ClaudeChoice;

    expect(choice.tool).toBe('get_quotes');
    expect(fake.requests).toHaveLength(2);
    const [user, assistant, answer] = fake.requests[1]!.body.messages;
    expect(user).toEqual(fake.requests[0]!.body.messages[0]);
    expect(assistant.role).toBe('assistant');
    expect(assistant.content).toEqual([expect.objectContaining({ type: 'tool_use', id: 'toolu_fake_0' })]);
    expect(answer.content).toEqual([expect.objectContaining({ type: 'tool_result', tool_use_id: 'toolu_fake_0', is_error: true })]);
    expect(answer.content[0].content).toMatch(why);
    expect(answer.content[0].content).toContain('The tools allowed now are get_quotes, cancel_purchase_order.');
    expect(choice.rejected).toEqual([expect.objectContaining({ attempt: 1, why: expect.stringMatching(why) })]);
    const [first, second] = fake.responses.map((r) => r.body.usage);
    expect(second).toMatchObject({ input_tokens: 100, output_tokens: 10 });
    expect(choice.usage).toEqual({
      input: first.input_tokens + 100, written: first.cache_creation_input_tokens + second.cache_creation_input_tokens,
      cached: first.cache_read_input_tokens + second.cache_read_input_tokens, output: first.output_tokens + 10,
    });
  });

  it('a quote the state does not hold is refused before the workflow sees it', async () => {
    const fake = await startFakeModel([toolUse('draft_purchase_order', { quoteId: 'Q-made-up' }), toolUse('draft_purchase_order', { quoteId: 'Q-quickparts' })]);
    const choice = await claudeAt(fake).decide(requestFor(quotedState()));
    expect(choice.input).toEqual({ quoteId: 'Q-quickparts' });
    expect(fake.requests[1]!.body.messages[2].content[0].content).toMatch(/there is no quote Q-made-up/);
  });

  it('an answer without a tool call is asked again', async () => {
    const fake = await startFakeModel([textOnly('I think we should wait.'), toolUse('get_quotes')]);
    await expect(claudeAt(fake).decide(requestFor(stateFor('BOLT-M8')))).resolves.toMatchObject({ tool: 'get_quotes' });
    const [, assistant, nudge] = fake.requests[1]!.body.messages;
    expect(assistant).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'I think we should wait.' }] });
    expect(nudge.content[0].text).toMatch(/no tool was called .*Call exactly one of the tools allowed now: get_quotes, cancel_purchase_order\./);
  });

  it('fails the decide for good after three refused choices, saying why each was refused', async () => {
    const fake = await startFakeModel([toolUse('place_order'), toolUse('get_quotes', { sku: 'X' }), toolUse('done')]);
    const failure = await failureOf(claudeAt(fake).decide(requestFor(stateFor('BOLT-M8'))));
    expect(failure.type).toBe('DeciderRejected');
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toMatch(/no usable choice in 3 attempts: place_order is not allowed now; invalid input for get_quotes: .*; done is not allowed now \(allowed: get_quotes, cancel_purchase_order\)$/);
    expect(fake.requests).toHaveLength(3);
  });
});

describe('failures of the model API', () => {
  it.each([
    [429, 'rate_limit_error', 'ModelUnavailable', false, '7', 7000],
    [529, 'overloaded_error', 'ModelUnavailable', false, undefined, undefined],
    [500, 'api_error', 'ModelUnavailable', false, undefined, undefined],
    [503, 'api_error', 'ModelUnavailable', false, '2', 2000],
    [400, 'invalid_request_error', 'ModelRequestInvalid', true, undefined, undefined],
    [401, 'authentication_error', 'ModelRequestInvalid', true, undefined, undefined],
    [403, 'permission_error', 'ModelRequestInvalid', true, undefined, undefined],
    [404, 'not_found_error', 'ModelRequestInvalid', true, undefined, undefined],
  ] as const)('%i %s becomes %s (non-retryable: %s), retry-after %s, once, with the API\'s message', async (status, type, failureType, nonRetryable, retryAfter, delay) => {
    const fake = await startFakeModel([apiError(status, type, `scripted ${type} for the test`, retryAfter)]);
    const failure = await failureOf(claudeAt(fake).decide(requestFor(stateFor('BOLT-M8'))));
    expect(failure.type).toBe(failureType);
    expect(failure.nonRetryable).toBe(nonRetryable);
    expect(failure.message).toContain(`${status} ${type}: scripted ${type} for the test`);
    expect(failure.nextRetryDelay ?? undefined).toBe(delay);
    expect(fake.requests).toHaveLength(1);
  });

  it('a call that hangs is cut at the timeout and reported as retryable', async () => {
    const fake = await startFakeModel([hang()]);
    const started = Date.now();
    const failure = await failureOf(claudeAt(fake, { timeoutMs: 500 }).decide(requestFor(stateFor('BOLT-M8'))));
    expect(failure).toMatchObject({ type: 'ModelTimeout', nonRetryable: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('the token budget', () => {
  const spent = (usage: Usage) => stateFor('BOLT-M8', () => ({
    log: [{ turn: 1, at: '2026-11-02T08:00:00.000Z', allowed: ['get_quotes'], tool: 'get_quotes', result: 'ok', summary: 'get_quotes', usage }],
  }));
  const req = requestFor(stateFor('BOLT-M8'));
  /** What the decider expects its first call to cost at most: the prompt and every output token it allows. */
  const nextCall = estimateTokens(buildRequest(req, 'claude-test'));
  /** The same with one turn in the log, which the request shows. */
  const nextAfterOne = estimateTokens(buildRequest(requestFor(spent({ input: 0, written: 0, cached: 0, output: 0 })), 'claude-test'));

  it('the estimate of a call is above what the API reports for it, and counts every output token allowed', async () => {
    const fake = await startFakeModel([toolUse('get_quotes')]);
    await claudeAt(fake).decide(req);
    const u = fake.responses[0]!.body.usage;
    const prompt = u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;
    expect(nextCall - 1024).toBeGreaterThan(prompt);
    expect(nextCall - 1024).toBeLessThan(prompt * 2);
  });

  it('a call that could take the replenishment past its budget is not made, and the decide fails for good', async () => {
    const fake = await startFakeModel([toolUse('get_quotes')]);
    const budget = 5_000;
    const used = { input: budget - nextAfterOne - 400, written: 100, cached: 200, output: 101 };
    const failure = await failureOf(claudeAt(fake, { tokenBudget: budget }).decide(requestFor(spent(used))));
    expect(failure).toMatchObject({ type: 'TokenBudgetExceeded', nonRetryable: true });
    expect(failure.message).toMatch(new RegExp(`token budget spent: ${budget - nextAfterOne + 1} of 5000 tokens used on PO-BOLT-M8-1, and the next call may cost up to ${nextAfterOne}`));
    expect(fake.requests).toHaveLength(0);
  });

  it('cache writes and reads count against the budget like any billed token', async () => {
    const fake = await startFakeModel([toolUse('get_quotes')]);
    const budget = nextAfterOne + 1_000;
    await expect(claudeAt(fake, { tokenBudget: budget }).decide(requestFor(spent({ input: 0, written: 600, cached: 401, output: 0 })))).rejects.toMatchObject({ type: 'TokenBudgetExceeded' });
    expect(fake.requests).toHaveLength(0);
  });

  it('a call that fits in what is left goes ahead', async () => {
    const fake = await startFakeModel([toolUse('get_quotes')]);
    const budget = nextAfterOne + 1_000;
    await expect(claudeAt(fake, { tokenBudget: budget }).decide(requestFor(spent({ input: 700, written: 100, cached: 100, output: 100 })))).resolves.toMatchObject({ tool: 'get_quotes' });
  });

  it('a refused choice is asked again only while the second call fits too', async () => {
    const fake = await startFakeModel([toolUse('place_order', {}, { usage: { input_tokens: 500, output_tokens: 50 } }), toolUse('get_quotes')]);
    const failure = await failureOf(claudeAt(fake, { tokenBudget: nextCall + 400 }).decide(req));
    expect(failure.type).toBe('TokenBudgetExceeded');
    const u = fake.responses[0]!.body.usage;
    expect(failure.details?.[0]).toMatchObject({ usage: { input: 500, written: u.cache_creation_input_tokens, cached: u.cache_read_input_tokens, output: 50 } });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('tokens of a decide that fails', () => {
  it('an API error after a refused choice carries the tokens the first call cost', async () => {
    const fake = await startFakeModel([toolUse('place_order', {}, { usage: { input_tokens: 900, cache_creation_input_tokens: 1500, cache_read_input_tokens: 0, output_tokens: 40 } }), apiError(529, 'overloaded_error', 'Overloaded')]);
    const failure = await failureOf(claudeAt(fake).decide(req()));
    expect(failure).toMatchObject({ type: 'ModelUnavailable', nonRetryable: false });
    expect(failure.details?.[0]).toEqual({ usage: { input: 900, written: 1500, cached: 0, output: 40 } });
  });
  const req = () => requestFor(stateFor('BOLT-M8'));
});
