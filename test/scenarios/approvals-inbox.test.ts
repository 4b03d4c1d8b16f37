import { beforeAll, describe, expect, it } from 'vitest';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
});

const inbox = async () => (await stack.api('GET', '/approvals')).body.items as { sku: string; poNumber: string }[];
const listed = (sku: string) => async () => (await inbox()).some((p) => p.sku === sku);

/** The inbox is a table the runs write themselves (src/records/approvals-waiting.ts): these are its ways out. */
describe('a PO leaves the approvals inbox', () => {
  it('when the manager decides it, and the table holds exactly what the runs ask', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    expect(await stack.records.waiting.list()).toContainEqual(expect.objectContaining({ sku, poNumber: request.poNumber, unitPrice: request.unitPrice }));
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.phase('ordered');
    await eventually(listed(sku), (yes) => !yes, 30_000, `${request.poNumber} to leave the inbox`);
  });

  it('when an operator terminates the run: its agent takes the row out as it learns the run ended', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    await stack.client.workflow.getHandle(`replenish-${sku}-1`).terminate('operator: stuck test');
    const outcome = await s.outcome();
    expect(outcome).toMatchObject({ outcome: 'failed' });
    await eventually(listed(sku), (yes) => !yes, 30_000, `${request.poNumber} to leave the inbox`);
    const decided = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: 10 });
    expect(decided.status, JSON.stringify(decided.body)).toBe(409);
    // Its PO is not lost from the purchase orders: the agent records it as failed, saying why.
    const pos = await eventually(() => stack.api('GET', `/purchase-orders?sku=${sku}`), (r) => r.body.items?.[0]?.status === 'failed', 30_000, `${request.poNumber} recorded as failed`);
    expect(pos.body).toMatchObject({ total: 1, items: [{ poNumber: request.poNumber, status: 'failed', supplier: request.supplier, unitPrice: request.unitPrice }] });
    expect(pos.body.items[0].reason).toMatch(/ended abnormally: .*terminated/i);
  });
});
