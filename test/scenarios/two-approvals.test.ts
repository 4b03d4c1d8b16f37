import { describe, expect, it } from 'vitest';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

describe('who may approve a large PO', () => {
  it('above the second threshold two different managers must approve: the first approval is kept, the same manager twice is a 409', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { twoApprovalsAbove: 400 } });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    expect(request.unitPrice * request.quantity).toBeGreaterThan(400);
    const asked = stack.sandbox.store.notifications().find((n) => n.sku === sku)!;
    expect(asked.body).toMatch(/Above 400\.00 USD: two different managers must approve it\./);

    const approve = { decision: 'approve', maxUnitPrice: request.unitPrice };
    expect((await s.decide(request.poNumber, { ...approve, by: 'dana' })).status).toBe(202);
    const waiting = await eventually(() => s.approvalRequest(), (r) => (r as { approvedBy?: string[] }).approvedBy?.includes('dana') === true, 30_000, 'dana\'s approval to be counted');
    expect(waiting).toMatchObject({ approvedBy: ['dana'], approvalsNeeded: 2 });
    expect((await s.view()).replenishment).toMatchObject({ phase: 'awaiting approval', decision: null });
    expect(await s.orders()).toHaveLength(0);

    const again = await s.decide(request.poNumber, { ...approve, by: 'dana' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/dana has already approved .*another manager must approve it/);

    expect((await s.decide(request.poNumber, { ...approve, by: 'lee' })).status).toBe(202);
    const ordered = await s.phase('ordered');
    expect(ordered.replenishment.decision).toMatchObject({ kind: 'approved', by: 'lee' });
    expect(await s.orders()).toHaveLength(1);
  });

  it('an Idempotency-Key is each manager\'s own: the same key from a second manager is the second approval, not a repeat', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { twoApprovalsAbove: 400 } });
    const s = story(stack, stack.newSku());
    const request = await s.parkAtApproval();
    const approve = { decision: 'approve', maxUnitPrice: request.unitPrice };
    const key = { 'idempotency-key': `approve-${request.poNumber}` };
    expect((await s.decide(request.poNumber, { ...approve, by: 'dana' }, key)).status).toBe(202);
    const repeat = await s.decide(request.poNumber, { ...approve, by: 'dana' }, key);
    expect([repeat.status, repeat.body.status]).toEqual([200, 'duplicate']);
    const lee = await s.decide(request.poNumber, { ...approve, by: 'lee' }, key);
    expect([lee.status, lee.body.status], JSON.stringify(lee.body)).toEqual([202, 'delivered']);
    expect((await s.phase('ordered')).replenishment.decision).toMatchObject({ kind: 'approved', by: 'lee' });
    expect(await s.orders()).toHaveLength(1);
  });

  it('a manager approving above their approval limit gets a 403 that says so; one within their limit approves', async () => {
    const stack = await startStack({ temporal: 'dev', security: { managerLimits: { dana: 100 } } });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const approve = { decision: 'approve', maxUnitPrice: request.unitPrice };
    const total = (request.unitPrice * request.quantity).toFixed(2);

    const byToken = await s.decide(request.poNumber, approve);
    expect(byToken.status).toBe(403);
    expect(byToken.body.error).toBe(`dana may approve purchase orders up to 100.00; ${request.poNumber} totals ${total}: a manager with a higher approval limit must approve it`);
    const bulk = await stack.authed('POST', '/approvals/decisions', { decisions: [{ poNumber: request.poNumber, ...approve }] });
    expect(bulk.status).toBe(207);
    expect(bulk.body.results).toEqual([{ poNumber: request.poNumber, status: 403, error: byToken.body.error }]);
    const lowClaim = await stack.tokenFor('kim', { claims: { approval_limit: 50 } });
    const byClaim = await stack.api('POST', `/purchase-orders/${request.poNumber}/decision`, approve, { authorization: `Bearer ${lowClaim}` });
    expect(byClaim.status).toBe(403);
    expect(byClaim.body.error).toMatch(/^kim may approve purchase orders up to 50\.00/);
    const badClaim = await stack.tokenFor('kim', { claims: { approval_limit: 'lots' } });
    expect((await stack.api('POST', `/purchase-orders/${request.poNumber}/decision`, approve, { authorization: `Bearer ${badClaim}` })).status).toBe(401);
    // Refused by the agent's check before delivery: nothing reached the run.
    expect((await s.view()).replenishment.decision).toBeNull();

    const highClaim = await stack.tokenFor('lee', { claims: { approval_limit: 1000 } });
    const byLee = await stack.api('POST', `/purchase-orders/${request.poNumber}/decision`, approve, { authorization: `Bearer ${highClaim}` });
    expect(byLee.status, JSON.stringify(byLee.body)).toBe(202);
    expect((await s.phase('ordered')).replenishment.decision).toMatchObject({ kind: 'approved', by: 'lee' });
  });
});
