import { beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../src/domain/phase.js';
import { openRecords, type PurchaseRecords } from '../../src/records/store.js';
import { recordsLocations } from '../support/records.js';
import { fileScope } from '../support/sandbox.js';

const { cleanup: afterFile } = fileScope();

const request = (o: Partial<ApprovalRequest> = {}): ApprovalRequest => ({
  supplier: 'acme-industrial', quantity: 90, unitPrice: 2.5, total: 225, onHand: 5, safetyStock: 20,
  alternatives: [{ quoteId: 'Q-2', supplier: 'bolt-co', unitPrice: 2.9, moq: 10, leadTimeDays: 4, validUntil: '2026-12-20T00:00:00.000Z' }],
  requestedAt: '2026-12-01T09:00:00.000Z', ...o,
});

describe.each(recordsLocations(afterFile))('the approvals inbox table in %s', (_name, where) => {
  let records: PurchaseRecords;
  beforeAll(async () => {
    records = await openRecords(await where());
    afterFile(() => records.close());
  });

  it('lists by SKU what each run shows, the latest write winning, and drops a run that stops asking', async () => {
    const inbox = records.waiting;
    await inbox.show({ workflowId: 'replenish-ZED-1', sku: 'ZED', poNumber: 'PO-ZED-1', request: request({ requestedAt: '2026-12-01T10:00:00.000Z' }) });
    await inbox.show({ workflowId: 'replenish-ALPHA-3', sku: 'ALPHA', poNumber: 'PO-ALPHA-3', request: request({ approvalsNeeded: 2, approvedBy: [] }) });
    // A retried write, then the first of two approvals: one row, holding the latest.
    await inbox.show({ workflowId: 'replenish-ALPHA-3', sku: 'ALPHA', poNumber: 'PO-ALPHA-3', request: request({ approvalsNeeded: 2, approvedBy: [] }) });
    await inbox.show({ workflowId: 'replenish-ALPHA-3', sku: 'ALPHA', poNumber: 'PO-ALPHA-3', request: request({ approvalsNeeded: 2, approvedBy: ['dana'] }) });
    expect(await inbox.list()).toEqual([
      { ...request({ approvalsNeeded: 2, approvedBy: ['dana'] }), sku: 'ALPHA', workflowId: 'replenish-ALPHA-3', poNumber: 'PO-ALPHA-3' },
      { ...request({ requestedAt: '2026-12-01T10:00:00.000Z' }), sku: 'ZED', workflowId: 'replenish-ZED-1', poNumber: 'PO-ZED-1' },
    ]);
    expect(await inbox.summary()).toEqual({ waiting: 2, oldestRequestedAt: '2026-12-01T09:00:00.000Z' });

    // A redraft asks about another PO number of the same run: it replaces the first.
    await inbox.show({ workflowId: 'replenish-ZED-1', sku: 'ZED', poNumber: 'PO-ZED-1-R1', request: request({ unitPrice: 2.6, total: 234 }) });
    expect((await inbox.list()).map((p) => [p.poNumber, p.unitPrice])).toEqual([['PO-ALPHA-3', 2.5], ['PO-ZED-1-R1', 2.6]]);

    await inbox.show({ workflowId: 'replenish-ALPHA-3', request: null });
    await inbox.show({ workflowId: 'replenish-ALPHA-3', request: null });
    expect((await inbox.list()).map((p) => p.poNumber)).toEqual(['PO-ZED-1-R1']);
    await inbox.clear('replenish-ZED-1');
    expect(await inbox.summary()).toEqual({ waiting: 0, oldestRequestedAt: null });
  });

  it('a run\'s writes land in any order and its newest stays: an older one arriving late is dropped', async () => {
    const inbox = records.waiting;
    const workflowId = 'replenish-LATE-1';
    const asked = { workflowId, sku: 'LATE', poNumber: 'PO-LATE-1', request: request() };
    // Sent 1 (asked), 2 (cleared: approved); the database takes 2 first.
    await inbox.show({ workflowId, request: null, version: 2 });
    await inbox.show({ ...asked, version: 1 });
    expect((await inbox.list()).map((p) => p.poNumber)).not.toContain('PO-LATE-1');
    // Then 3 (asked again, a redraft), and a retry of 1 that comes last.
    await inbox.show({ ...asked, poNumber: 'PO-LATE-1-R1', version: 3 });
    await inbox.show({ ...asked, version: 1 });
    expect((await inbox.list()).filter((p) => p.workflowId === workflowId).map((p) => p.poNumber)).toEqual(['PO-LATE-1-R1']);
    await inbox.show({ workflowId, request: null, version: 4 });

  });
});
