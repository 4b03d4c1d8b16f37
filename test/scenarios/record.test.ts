import { afterAll, describe, expect, it } from 'vitest';
import { lineTotal } from '../../src/domain/quantity.js';
import { replenishmentId } from '../../src/domain/ids.js';
import { startPostgres } from '../support/postgres.js';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

/** The PostgreSQL cluster is started once for the file, by the first test that needs it. */
let postgres: ReturnType<typeof startPostgres> | undefined;
const postgresUrl = async () => {
  postgres ??= startPostgres();
  return (await postgres).url;
};
afterAll(async () => { if (postgres) await (await postgres).stop(); });

describe.each([
  ['an SQLite file', async () => undefined],
  ['PostgreSQL', postgresUrl],
])('the purchasing record in %s', (_name, databaseUrl) => {
  it('a received PO is recorded with its approver, prices and decision log, and is still served after Temporal deleted its workflow', async () => {
    const url = await databaseUrl();
    const stack = await startStack({ temporal: 'dev', ...(url ? { databaseUrl: url } : {}) });
    const sku = stack.newSku();
    const s = story(stack, sku);

    const request = await s.parkAtApproval();
    const po = request.poNumber;
    // Open, the PO is listed by its phase, with what it holds so far.
    const listedAs = (status: string) => eventually(() => stack.api('GET', `/purchase-orders?sku=${sku}`), (r) => r.body.items?.[0]?.status === status, 30_000, `${po} listed as ${status}`);
    const waiting = await listedAs('awaiting approval');
    expect(waiting.body).toMatchObject({ total: 1, items: [{ poNumber: po, supplier: request.supplier, unitPrice: request.unitPrice, quantityOrdered: 0, outcome: null, settledAt: null }] });
    expect((await s.decide(po, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.phase('ordered');
    const placed = await listedAs('ordered');
    expect(placed.body.items[0]).toMatchObject({ quantityOrdered: request.quantity, orderTotal: lineTotal(request.quantity, request.unitPrice), approvals: [{ by: 'dana' }] });
    expect((await s.reply(po, 'm-1', 'We confirm your order.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(po, 'r-1', request.quantity)).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('received');

    const live = await stack.api('GET', `/purchase-orders/${po}`);
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(live.body.foundBy).not.toBe('record');
    const record = live.body.record;
    expect(record).toMatchObject({
      replenishmentId: replenishmentId(sku, 1), sku, poNumber: po, supplier: request.supplier, outcome: 'received',
      quantityOrdered: request.quantity, quantityReceived: request.quantity, unitPrice: request.unitPrice,
      orderTotal: lineTotal(request.quantity, request.unitPrice), currency: 'USD',
      approvals: [{ decision: 'approved', by: 'dana', rule: null, maxUnitPrice: request.unitPrice }],
    });
    const tools = record.turns.map((t: { tool: string }) => t.tool);
    expect(tools).toEqual([
      'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'check_before_order', 'place_order',
      'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
    ]);

    // Settled, it is its record, listed once: its open line went in the record's transaction.
    const listed = await stack.api('GET', `/purchase-orders?sku=${sku}`);
    expect(listed.body).toMatchObject({ total: 1, next: null });
    expect(listed.body.items[0]).toMatchObject({ poNumber: po, status: 'received', outcome: 'received' });
    expect((await stack.api('GET', `/purchase-orders?sku=${sku}&status=open`)).body.total).toBe(0);
    const csv = await fetch(`${stack.apiUrl}/purchase-orders.csv?sku=${sku}`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${po},${replenishmentId(sku, 1)},${sku},${request.supplier},received`);
    const month = record.orderedAt.slice(0, 7);
    const spend = await stack.api('GET', `/purchase-orders/spend?from=${month}&to=${month}`);
    const line = spend.body.lines.find((l: { supplier: string }) => l.supplier === request.supplier);
    expect(line.amount).toBeGreaterThanOrEqual(record.orderTotal);

    // As the namespace's retention would: the run and its history are deleted (the dev server takes 20-35 s).
    const workflowId = replenishmentId(sku, 1);
    await stack.client.workflowService.deleteWorkflowExecution({ namespace: 'default', workflowExecution: { workflowId } });
    await eventually(
      () => stack.client.workflow.getHandle(workflowId).describe().then(() => 'still there', (err: Error) => err.name),
      (v) => v === 'WorkflowNotFoundError', 90_000, `${workflowId} to be deleted`,
    );

    const gone = await stack.api('GET', `/purchase-orders/${po}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(gone.body).toMatchObject({ poNumber: po, workflowId, foundBy: 'record', outcome: 'received' });
    expect(gone.body.record).toEqual(record);
    const byRecord = await stack.api('GET', `/purchase-orders/${po}/record`);
    expect(byRecord.body.turns).toEqual(record.turns);
    expect((await stack.api('GET', `/purchase-orders/PO-${sku}-2`)).status).toBe(404);
  }, 180_000);
});
