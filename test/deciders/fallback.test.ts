import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { withFallback } from '../../src/activities/deciders/fallback.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { apiError, cutOff, refusal, startFakeModel, toolUse } from '../support/fake-model.js';
import { claudeAt, quotedState, requestFor, stateFor } from './requests.js';

const req = () => requestFor(stateFor('BOLT-M8'));

describe('an answer the model stopped short of', () => {
  it.each([
    ['stop_reason refusal', refusal(), 'ModelRefused', /declined to answer \(stop_reason refusal\)/],
    ['stop_reason max_tokens', cutOff('get_quotes'), 'ModelTruncated', /cut at max_tokens/],
  ] as const)('%s fails the decide for good at once, with the tokens it cost', async (_what, step, type, message) => {
    const fake = await startFakeModel([step, toolUse('get_quotes')]);
    const err = await claudeAt(fake).decide(req()).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(ApplicationFailure);
    expect(err).toMatchObject({ type, nonRetryable: true, message: expect.stringMatching(message) });
    expect((err as ApplicationFailure).details?.[0]).toMatchObject({ usage: { input: expect.any(Number), output: expect.any(Number) } });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('the policy decides a turn the model cannot', () => {
  it.each([
    ['three refused choices', [toolUse('place_order'), toolUse('done'), toolUse('place_order')], /no usable choice in 3 attempts/, 3],
    ['a refusal', [refusal()], /stop_reason refusal/, 0],
    ['an answer cut at max_tokens', [cutOff('get_quotes')], /max_tokens/, 0],
    ['a request the API refuses', [apiError(400, 'invalid_request_error', 'prompt is too long')], /400 invalid_request_error: prompt is too long/, 0],
  ] as const)('%s: the policy\'s choice, flagged, with the model\'s tokens and refused choices', async (_what, script, why, refused) => {
    const fake = await startFakeModel([...script]);
    const choice = await withFallback(claudeAt(fake), policyDecider).decide(req());
    expect(choice).toMatchObject({ tool: 'get_quotes', fallback: { decider: 'policy', why: expect.stringMatching(why) } });
    expect(choice.rejected ?? []).toHaveLength(refused);
    if (fake.responses.some((r) => r.status === 200)) expect(choice.usage?.input).toBeGreaterThan(0);
  });

  it('the token budget spent: the policy chooses and the model is not called', async () => {
    const fake = await startFakeModel([toolUse('draft_purchase_order', { quoteId: 'Q-quickparts' })]);
    const choice = await withFallback(claudeAt(fake, { tokenBudget: 100 }), policyDecider).decide(requestFor(quotedState()));
    expect(choice).toMatchObject({ tool: 'draft_purchase_order', fallback: { why: expect.stringMatching(/token budget spent/) } });
    expect(fake.requests).toHaveLength(0);
  });

  it('an outage a retry can mend is left to Temporal\'s retries before the last attempt', async () => {
    const fake = await startFakeModel([apiError(529, 'overloaded_error', 'Overloaded')]);
    await expect(withFallback(claudeAt(fake), policyDecider).decide(req())).rejects.toMatchObject({ type: 'ModelUnavailable', nonRetryable: false });
  });

  it('a good answer is the model\'s own, with no flag', async () => {
    const fake = await startFakeModel([toolUse('get_quotes')]);
    const choice = await withFallback(claudeAt(fake), policyDecider).decide(req());
    expect(choice.tool).toBe('get_quotes');
    expect(choice.fallback).toBeUndefined();
  });
});
