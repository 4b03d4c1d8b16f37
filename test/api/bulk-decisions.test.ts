import { beforeAll, describe, expect, it } from 'vitest';
import { story } from '../scenarios/story.js';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';

interface Result { poNumber: string; status: number; result?: string; error?: string; by?: string }

describe('bulk decisions: POST /approvals/decisions', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
  });

  const bulk = (decisions: unknown[], headers: Record<string, string> = {}) =>
    stack.authed('POST', '/approvals/decisions', { decisions }, { headers });

  it('answers each decision on its own: delivered, not waiting, no agent; and the same list again repeats, never doubles', async () => {
    const [a, b, c] = [stack.newSku(), stack.newSku(), stack.newSku()];
    const [ra, rb, rc] = await Promise.all([a, b, c].map((sku) => story(stack, sku).parkAtApproval()));
    const decisions = [
      { poNumber: ra!.poNumber, decision: 'approve', maxUnitPrice: ra!.unitPrice },
      { poNumber: rb!.poNumber, decision: 'reject', reason: 'over budget' },
      { poNumber: `${rc!.poNumber}-R3`, decision: 'approve', maxUnitPrice: rc!.unitPrice },
      { poNumber: 'PO-NO-SUCH-SKU-1', decision: 'approve', maxUnitPrice: 1 },
      // Mistyped: not even a PO number, and still only its own 404.
      { poNumber: 'PO-UNKNOWN', decision: 'reject', reason: 'typo' },
    ];
    const first = await bulk(decisions, { 'idempotency-key': 'batch-1' });
    expect(first.status, JSON.stringify(first.body)).toBe(207);
    expect(first.body.results.map((r: Result) => [r.poNumber, r.status])).toEqual([
      [ra!.poNumber, 202], [rb!.poNumber, 202], [`${rc!.poNumber}-R3`, 409], ['PO-NO-SUCH-SKU-1', 404], ['PO-UNKNOWN', 404],
    ]);
    expect(first.body.results[0]).toMatchObject({ result: 'delivered', by: 'dana' });
    expect(first.body.results[2].error).toMatch(/is not the one .* is working on/);
    expect(first.body.results[3].error).toMatch(/no agent is running for NO-SUCH-SKU/);
    expect(first.body.results[4].error).toMatch(/no purchase order PO-UNKNOWN: a PO number looks like/);

    // A client that lost the answer sends the list again: each decision is a repeat.
    const again = await bulk(decisions, { 'idempotency-key': 'batch-1' });
    expect(again.body.results.map((r: Result) => [r.status, r.result])).toEqual([[200, 'duplicate'], [200, 'duplicate'], [409, undefined], [404, undefined], [404, undefined]]);

    await story(stack, a).phase('ordered');
    expect(await stack.sandbox.orders(a)).toHaveLength(1);
    expect((await story(stack, b).outcome()).outcome).toBe('rejected');
    // C was untouched by the refused decision, and still waits for one.
    expect((await story(stack, c).view()).replenishment.phase).toBe('awaiting approval');
  }, 120_000);

  it('refuses a list that is not valid as a whole, with a message naming what is wrong, and without a token', async () => {
    const cases: [unknown, RegExp][] = [
      [[], /at least one decision/],
      [[{ decision: 'approve', maxUnitPrice: 1 }], /poNumber is required/],
      [[{ poNumber: 'PO-A-1', decision: 'approve' }], /maxUnitPrice/],
      [Array.from({ length: 501 }, (_, i) => ({ poNumber: `PO-A-${i + 1}`, decision: 'reject', reason: 'x' })), /at most 500/],
    ];
    for (const [decisions, why] of cases) {
      const res = await bulk(decisions as unknown[]);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatch(why);
    }
    // A blank PO number is that item's 404, like any PO number that cannot exist.
    const blank = await bulk([{ poNumber: '  ', decision: 'approve', maxUnitPrice: 1 }]);
    expect([blank.status, blank.body.results[0].status]).toEqual([207, 404]);
    // A PO given twice: the first entry decides it, the later one is that item's 409 and the list stands.
    const twice = await bulk([{ poNumber: 'PO-NOBODY-1', decision: 'approve', maxUnitPrice: 1 }, { poNumber: 'PO-NOBODY-1', decision: 'reject', reason: 'no' }]);
    expect(twice.status).toBe(207);
    expect(twice.body.results.map((r: Result) => r.status)).toEqual([404, 409]);
    expect(twice.body.results[1].error).toBe('PO-NOBODY-1 is decided by its first entry in this list (item 1)');
    const anonymous = await stack.api('POST', '/approvals/decisions', { decisions: [{ poNumber: 'PO-A-1', decision: 'reject', reason: 'x' }] });
    expect(anonymous.status).toBe(401);
  });
});
