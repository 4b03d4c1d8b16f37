import { describe, expect, it } from 'vitest';
import type { Decider } from '../../src/activities/contract.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { RECENT_TURNS } from '../../src/domain/activity-input.js';
import { startMockedLoop } from '../support/mocked-loop.js';
import { eventually } from '../support/stack.js';

/** The approval, the supplier's confirmation and the goods, each sent once the run waits for it. */
async function happyPath(agent: Awaited<ReturnType<Awaited<ReturnType<typeof startMockedLoop>>['startAgent']>>) {
  const { state } = await agent.waitingIn('wait_for_approval');
  const { poNumber, quantity, unitPrice } = state.po!;
  await agent.send({ event: 'approval', poNumber, payload: { approved: true, by: 'dana', maxUnitPrice: unitPrice } });
  await agent.waitingIn('wait_for_supplier_reply');
  await agent.send({ event: 'supplier-reply', poNumber, payload: { text: 'We confirm your order.', fields: { kind: 'confirmed' } } });
  await agent.waitingIn('wait_for_goods');
  await agent.send({ event: 'goods-receipt', poNumber, payload: { quantity } });
  return agent.outcome();
}

describe('what a replenishment gives its activities', () => {
  it('no activity but the final record is given the turn log: the decider gets the last few turns and the tokens spent, so inputs stay the same size as turns go by', async () => {
    const loop = await startMockedLoop();
    const agent = await loop.startAgent();
    expect((await happyPath(agent)).outcome).toBe('received');

    const { decides, tools, recorded } = loop.asked;
    // The purchasing record is the one activity that takes the log, once, as the run ends: it keeps it.
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.state.log.length).toBeGreaterThanOrEqual(11);
    for (const { tool, state } of tools) expect(state.log, tool).toEqual([]);
    expect(decides.length).toBeGreaterThanOrEqual(11);
    for (const { turn, state, recent, spent } of decides) {
      expect(state.log, `decide ${turn}`).toEqual([]);
      expect(recent.length, `decide ${turn}`).toBeLessThanOrEqual(RECENT_TURNS);
      expect(spent, `decide ${turn}`).toEqual({ input: 0, written: 0, cached: 0, output: 0 });
    }
    // The last decide (done) is shown the six turns before it.
    expect(decides.at(-1)!.recent.map((t) => t.tool)).toEqual([
      'check_before_order', 'place_order', 'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order',
    ]);
    // The last decide carries a state that has grown (quotes, PO, order, replies), not a log: under twice the first's size.
    const bytes = (x: unknown) => JSON.stringify(x).length;
    expect(bytes(decides.at(-1))).toBeLessThan(2 * bytes(decides[0]) + 2_000);
  });
});

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
    const loop = await startMockedLoop({ decider: slow });
    const agent = await loop.startAgent();
    const asking = await eventually(agent.view, (v) => v?.phase === 'awaiting approval', 30_000, 'the approval request');
    const { poNumber, unitPrice } = asking!.state.po!;
    expect((await agent.view())!.waiting).toBeNull();

    expect(await agent.send({ event: 'approval', poNumber, payload: { approved: true, by: 'dana', maxUnitPrice: unitPrice } }))
      .toMatchObject({ status: 'delivered' });
    expect((await agent.view())!.state.log.map((t) => t.tool)).not.toContain('wait_for_approval');
    release();

    await agent.waitingIn('wait_for_supplier_reply');
    const log = (await agent.view())!.state.log;
    expect(log.find((t) => t.tool === 'wait_for_approval')!.result).toBe('message');
    expect(loop.asked.tools.filter((t) => t.tool === 'place_order')).toHaveLength(1);
  });
});
