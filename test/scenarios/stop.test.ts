import { describe, expect, it } from 'vitest';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('an agent told to stop', () => {
  it('a stopped agent finishes and says so', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku({ onHand: 50, safetyStock: 20, targetLevel: 100 });
    await story(stack, sku).startAgent();
    expect((await stack.authed('POST', `/agents/${sku}/stop`)).status).toBe(202);
    const result = await stack.agent(sku).result();
    expect(result.status).toBe('stopped');
    // The agent is there, stopped: a conflict that says how to start it again, not an unknown agent.
    const pause = await stack.authed('POST', `/agents/${sku}/pause`);
    expect(pause.status).toBe(409);
    expect(pause.body.error).toMatch(/is stopped; POST \/agents .* starts it again/);
    expect((await stack.authed('POST', `/agents/${stack.newSku()}/pause`)).status).toBe(404);
  });

  it('started again the moment after it was told to stop, the agent starts anew, and the next message finds it', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku({ onHand: 50, safetyStock: 20, targetLevel: 100 });
    await story(stack, sku).startAgent();
    const first = (await stack.agent(sku).describe()).runId;
    expect((await stack.authed('POST', `/agents/${sku}/stop`)).status).toBe(202);
    const again = await stack.authed('POST', '/agents', { sku });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect((await stack.agent(sku).describe()).runId).not.toBe(first);
    expect((await stack.authed('POST', `/agents/${sku}/resume`)).status).toBe(202);
  });

  it('started again after a stop, the agent keeps what it knew: its past outcomes, its suppliers and its count of replenishments', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    expect((await s.runToReceived()).outcome).toBe('received');
    const before = await s.view();
    expect(before.pastOutcomes).toHaveLength(1);
    expect((await stack.authed('POST', `/agents/${sku}/stop`)).status).toBe(202);
    expect((await stack.authed('POST', '/agents', { sku })).status).toBe(201);
    const after = await s.view();
    expect(after.pastOutcomes).toEqual(before.pastOutcomes);
    expect(after.suppliers).toEqual(before.suppliers);
    expect(after.agent.replenishments).toBe(1);
  });
});
