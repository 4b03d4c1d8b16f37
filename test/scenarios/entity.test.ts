import { describe, expect, it } from 'vitest';
import { agentStatusQuery } from '../../src/workflows/messages.js';
import { eventually, signalsHandled, startStack } from '../support/stack.js';
import { story } from './story.js';

describe('one agent per SKU', () => {
  it('a second low-stock signal while a replenishment runs starts no second replenishment', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();

    await stack.sandbox.http('POST', `/inventory/${sku}/adjust`, { delta: -5, reason: 'picking' });
    for (let i = 0; i < 3; i++) expect((await stack.authed('POST', `/skus/${sku}/stock-changed`)).status).toBe(202);
    await signalsHandled(stack.agent(sku));

    const status = await stack.agent(sku).query(agentStatusQuery);
    expect(status.replenishments).toBe(1);
    expect(status.active?.workflowId).toBe(`replenish-${sku}-1`);
    expect((await s.approvalRequest()).poNumber).toBe(request.poNumber);
    await s.keep('second-signal');
  });

  it('messages that arrive while the agent continues as new are all applied: the last pause holds', async () => {
    // Checks far apart, so only messages move the agent.
    const stack = await startStack({ temporal: 'dev', rules: { stockCheckEveryDays: 30 } });
    const sku = stack.newSku({ onHand: 50, safetyStock: 20, targetLevel: 100 });
    const s = story(stack, sku);
    await s.startAgent();
    await eventually(() => stack.agent(sku).query(agentStatusQuery), (st) => st.stock !== null, 30_000, 'the first stock check');
    const firstRun = (await stack.agent(sku).describe()).runId;

    // Every resume wakes the agent: it re-checks stock and hands over to a new run, while the
    // next message is already on its way.
    for (let i = 0; i < 20; i++) {
      expect((await stack.authed('POST', `/agents/${sku}/pause`)).status).toBe(202);
      expect((await stack.authed('POST', `/agents/${sku}/resume`)).status).toBe(202);
    }
    expect((await stack.authed('POST', `/agents/${sku}/pause`)).status).toBe(202);
    await stack.sandbox.http('POST', `/inventory/${sku}/adjust`, { delta: -45, reason: 'a big order shipped' });
    expect((await stack.authed('POST', `/skus/${sku}/stock-changed`)).status).toBe(202);

    const paused = await eventually(() => stack.agent(sku).query(agentStatusQuery), (st) => st.status === 'paused');
    const pausedRun = (await stack.agent(sku).describe()).runId;
    expect(pausedRun).not.toBe(firstRun);
    await signalsHandled(stack.agent(sku));
    // Paused means parked: no new runs, no stock checks, whatever messages arrive.
    expect((await stack.agent(sku).describe()).runId).toBe(pausedRun);
    expect((await stack.agent(sku).query(agentStatusQuery)).replenishments).toBe(paused.replenishments);
    expect(paused.replenishments).toBe(0);

    await stack.authed('POST', `/agents/${sku}/resume`);
    expect((await s.approvalRequest()).poNumber).toBe(`PO-${sku}-1`);
    await s.keep('continue-as-new');
  });

  it('two decisions sent at once: exactly one is taken, the other is a 409 that says why', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const [approve, reject] = await Promise.all([
      s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice }),
      s.decide(request.poNumber, { decision: 'reject', reason: 'bought elsewhere' }),
    ]);
    expect([approve.status, reject.status].sort()).toEqual([202, 409]);
    const lost = approve.status === 409 ? approve : reject;
    expect(lost.body.error).toMatch(/already been decided|a decision is already waiting to be read/);
    if (approve.status === 202) await s.phase('ordered');
    else expect((await s.outcome()).outcome).toBe('rejected');
  });

  it('the same decision sent twice at once is taken once: one 202, one 200 duplicate', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const decision = { decision: 'approve', maxUnitPrice: request.unitPrice };
    const both = await Promise.all([1, 2].map(() => s.decide(request.poNumber, decision, { 'idempotency-key': 'twice' })));
    expect(both.map((r) => [r.status, r.body.status]).sort()).toEqual([[200, 'duplicate'], [202, 'delivered']]);
    await s.phase('ordered');
    expect((await s.log()).filter((t: { tool: string }) => t.tool === 'wait_for_approval')).toHaveLength(1);
    expect(await s.orders()).toHaveLength(1);
  });

  it('a receipt for more than the order still expects is a 409 that says how much is expected; nothing of it is recorded', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const s = story(stack, stack.newSku());
    await s.startAgent();
    const request = await s.approvalRequest();
    // Before the order a receipt that fits is held for it; one for more than the PO is drafted for is refused at once.
    const early = await s.receive(request.poNumber, 'r-early', request.quantity + 1);
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.error).toMatch(new RegExp(`more than the ${request.quantity} still expected on ${request.poNumber} \\(drafted for ${request.quantity}, not yet ordered\\)`));
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.phase('ordered');
    expect((await s.reply(request.poNumber, 'm-1', 'We confirm your order.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(request.poNumber, 'r-first', 40)).status).toBe(202);
    const over = await s.receive(request.poNumber, 'r-over', request.quantity);
    expect(over.status, JSON.stringify(over.body)).toBe(409);
    const left = request.quantity - 40;
    expect(over.body.error).toBe(`a receipt of ${request.quantity} is more than the ${left} still expected on ${request.poNumber} (${request.quantity} ordered, 40 received): record at most ${left} against it and settle the surplus with the supplier`);
    // The rest is taken and closes the PO with exactly what was ordered: the refused receipt added nothing.
    expect((await s.receive(request.poNumber, 'r-rest', left)).status).toBe(202);
    const result = await s.outcome();
    expect([result.outcome, result.quantityReceived]).toEqual(['received', request.quantity]);
  });

  it('a message sent again after its PO closed is a 200 duplicate naming the PO\'s replenishment', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const outcome = await s.runToReceived();
    expect(outcome.outcome).toBe('received');
    const po = (await s.view()).pastOutcomes.at(-1).poNumber as string;
    // A warehouse or a supplier retrying a call whose answer it lost, after the agent moved on.
    for (const res of [await s.receive(po, 'r-1', outcome.quantityReceived), await s.reply(po, 'm-1', 'We confirm your order, delivery on schedule.', { kind: 'confirmed' })]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ poNumber: po, status: 'duplicate', workflowId: `replenish-${sku}-1` });
    }
    // Other content under an id already used is a second message with the first one's id: refused, never a silent duplicate.
    for (const [res, idName] of [[await s.receive(po, 'r-1', 1), 'receiptId'], [await s.reply(po, 'm-1', 'Delivery moves to next month.'), 'messageId']] as const) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error).toMatch(new RegExp(`a different .+ for ${po} was already received under the same ${idName}`));
    }
    // A new message for the closed PO is a 409 that says it is settled and how, not only that no run works on it.
    const closed = /; purchase order .+ is settled \(received: received \d+ units\) and takes no more messages$/;
    for (const res of [await s.receive(po, 'r-late', 5), await s.decide(po, { decision: 'reject', reason: 'too late' }),
      await stack.authed('POST', `/purchase-orders/${po}/cancel`, { reason: 'not needed' })]) {
      expect(res.status, JSON.stringify(res.body)).toBe(409);
      expect(res.body.error).toMatch(closed);
    }
  });
});
