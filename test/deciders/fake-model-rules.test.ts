import Anthropic, { BadRequestError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../src/activities/deciders/claude.js';
import { startFakeModel, toolUse } from '../support/fake-model.js';
import { quotedState, requestFor } from './requests.js';

/** What the SDK raises for a request the stand-in refuses: the API's 400, in the API's shape. */
async function refusal(body: Record<string, unknown>): Promise<{ error: unknown; requests: number; steps: number }> {
  const fake = await startFakeModel([toolUse('get_quotes')]);
  const client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, timeout: 10_000 });
  const error = await client.messages.create(body as never).then(() => null, (e: unknown) => e);
  return { error, requests: fake.requests.length, steps: fake.remaining() };
}

const valid = () => buildRequest(requestFor(quotedState()), 'claude-test') as unknown as Record<string, any>;
const withMessages = (...messages: unknown[]) => ({ ...valid(), messages });
const userTurn = { role: 'user', content: 'Turn 1. Choose the next step.' };
const askedFor = (id: string) => ({ role: 'assistant', content: [{ type: 'tool_use', id, name: 'get_quotes', input: {} }] });
const answer = (id: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, is_error: true, content: 'refused' }] });
const cached = { cache_control: { type: 'ephemeral' } };

describe('the stand-in refuses what the Messages API refuses', () => {
  it('a request the decider builds passes', async () => {
    const fake = await startFakeModel([toolUse('draft_purchase_order', { quoteId: 'Q-acme-industrial' })]);
    const client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, timeout: 10_000 });
    const answer = await client.messages.create(valid() as never);
    expect(answer.stop_reason).toBe('tool_use');
    expect(answer.usage).toMatchObject({
      input_tokens: expect.any(Number), output_tokens: expect.any(Number),
      cache_creation_input_tokens: expect.any(Number), cache_read_input_tokens: expect.any(Number),
    });
  });

  it.each([
    ['no model', () => ({ ...valid(), model: '' }), /model: Field required/],
    ['no max_tokens', () => { const { max_tokens: _gone, ...rest } = valid(); return rest; }, /max_tokens: Field required/],
    ['max_tokens above the model\'s output limit', () => ({ ...valid(), max_tokens: 200_000 }), /max_tokens: 200000 > 64000/],
    ['a negative max_tokens', () => ({ ...valid(), max_tokens: -1 }), /max_tokens: Input should be a valid non-negative integer/],
    ['a tool name with a space', () => ({ ...valid(), tools: [{ ...valid().tools[0], name: 'get quotes' }] }), /tools\.0\.custom\.name: String should match pattern/],
    ['a tool name of 65 characters', () => ({ ...valid(), tools: [{ ...valid().tools[0], name: 'x'.repeat(65) }] }), /String should match pattern/],
    ['two tools of one name', () => ({ ...valid(), tools: [valid().tools[0], valid().tools[0]] }), /Tool names must be unique/],
    ['an input_schema that is not an object', () => ({ ...valid(), tools: [{ ...valid().tools[0], input_schema: { type: 'string' } }] }), /input_schema\.type: Input should be 'object'/],
    ['tool_choice any with no tools', () => ({ ...valid(), tools: [] }), /tool_choice\.type: any requires tools/],
    ['tool_choice naming a tool not offered', () => ({ ...valid(), tool_choice: { type: 'tool', name: 'order_everything' } }), /Tool 'order_everything' not found/],
    ['no messages', () => withMessages(), /at least one message/],
    ['an assistant turn first', () => withMessages({ role: 'assistant', content: 'Hello' }, userTurn), /first message must use the "user" role/],
    ['an assistant turn last', () => withMessages(userTurn, { role: 'assistant', content: 'I would' }), /final message must use the "user" role/],
    ['a role that does not exist', () => withMessages({ role: 'system', content: 'x' }), /role: Input should be 'user' or 'assistant'/],
    ['an empty text block', () => withMessages({ role: 'user', content: [{ type: 'text', text: '' }] }), /text content blocks must be non-empty/],
    ['a tool_use left unanswered', () => withMessages(userTurn, askedFor('toolu_1'), userTurn), /`tool_use` ids were found without `tool_result` blocks immediately after: toolu_1/],
    ['a tool_result for another id', () => withMessages(userTurn, askedFor('toolu_1'), answer('toolu_2')), /unexpected `tool_use_id` found in `tool_result` blocks: toolu_2/],
    ['a tool_result after text in the next turn', () => withMessages(userTurn, askedFor('toolu_1'), { role: 'user', content: [{ type: 'text', text: 'again' }, answer('toolu_1').content[0]] }), /without `tool_result` blocks immediately after: toolu_1/],
    ['a tool_result with no tool_use before it', () => withMessages(answer('toolu_9')), /unexpected `tool_use_id`/],
    // The decider marks two (the last tool, the system prompt); three more in the turn make five.
    ['five cache_control breakpoints', () => withMessages({ role: 'user', content: ['a', 'b', 'c'].map((text) => ({ type: 'text', text, ...cached })) }),
      /A maximum of 4 blocks with cache_control may be provided\. Found 5\./],
  ])('%s: 400 invalid_request_error, and no step of the script is used', async (_what, body, message) => {
    const { error, requests, steps } = await refusal(body());
    expect(error).toBeInstanceOf(BadRequestError);
    const e = error as BadRequestError;
    expect(e.status).toBe(400);
    expect(e.error).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringMatching(message) } });
    expect(requests).toBe(1);
    expect(steps).toBe(1);
  });

  it('consecutive user turns are merged, as the API does, so a tool_result may follow a text turn\'s own blocks only at the start', async () => {
    const fake = await startFakeModel([toolUse('get_quotes')]);
    const client = new Anthropic({ apiKey: 'sk-test', baseURL: fake.url, maxRetries: 0, timeout: 10_000 });
    await expect(client.messages.create(withMessages(userTurn, userTurn, askedFor('toolu_1'), answer('toolu_1'), userTurn) as never)).resolves.toMatchObject({ type: 'message' });
  });
});
