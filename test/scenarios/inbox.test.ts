import { describe, expect, it } from 'vitest';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import type { Decider } from '../../src/activities/contract.js';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('messages that come early', () => {
  it('an approval sent before the agent starts waiting for it is kept, and read the moment the wait begins', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => { release = r; });
    // The decider is slow to pick wait_for_approval, so the manager's answer lands first.
    const slow: Decider = {
      name: 'slow-policy',
      async decide(req) {
        const choice = await policyDecider.decide(req);
        if (choice.tool === 'wait_for_approval') await held;
        return choice;
      },
    };
    const stack = await startStack({ temporal: 'dev', decider: slow });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    expect((await s.view()).replenishment.waiting).toBeNull();

    const res = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect((await s.view()).replenishment.log.map((t: { tool: string }) => t.tool)).not.toContain('wait_for_approval');
    release();

    await s.phase('ordered');
    const wait = (await s.log()).find((t) => t.tool === 'wait_for_approval')!;
    expect(wait.result).toBe('message');
    expect(await s.orders()).toHaveLength(1);
  });

  it('a stopped agent finishes and says so', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku({ onHand: 50, safetyStock: 20, targetLevel: 100 });
    await story(stack, sku).startAgent();
    expect((await stack.authed('POST', `/agents/${sku}/stop`)).status).toBe(202);
    const result = await stack.agent(sku).result();
    expect(result.status).toBe('stopped');
    expect((await stack.authed('POST', `/agents/${sku}/pause`)).status).toBe(404);
  });
});
