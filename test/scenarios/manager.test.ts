import { describe, expect, it } from 'vitest';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('the manager decides', () => {
  it('a rejected purchase order ends the replenishment as rejected with nothing ordered', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();

    const res = await s.decide(request.poNumber, { decision: 'reject', reason: 'too expensive this quarter', by: 'dana' });
    expect(res.status).toBe(202);

    const result = await s.outcome();
    expect(result.outcome).toBe('rejected');
    expect(result.reason).toContain('too expensive this quarter');
    expect(result.reason).toContain('dana');
    expect(await s.orders()).toHaveLength(0);
    await s.keep('manager-rejects');
  });

  it('a manager silent for three days is asked again, then the purchase order is cancelled', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    await s.approvalRequest();

    await stack.env!.sleep('3 days');
    await stack.env!.sleep('1 hour');
    await s.phase('awaiting approval');
    const asks = async () => (await stack.sandbox.http('GET', '/notifications')).body.items.filter((n: { sku?: string; subject: string }) => n.sku === sku && n.subject.startsWith('Approve'));
    expect(await asks()).toHaveLength(2);

    await stack.env!.sleep('3 days');
    await stack.env!.sleep('1 hour');
    const result = await s.outcome();
    expect(result.outcome).toBe('cancelled');
    expect(result.reason).toMatch(/no decision from the manager after 2 requests/);
    expect(await s.orders()).toHaveLength(0);
    const log = await s.log();
    expect(log.filter((t) => t.tool === 'wait_for_approval').map((t) => t.result)).toEqual(['timeout', 'timeout']);
    await s.keep('manager-silent');
  });
});
