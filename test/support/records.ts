import type { PurchaseRecord } from '../../src/domain/purchase-record.js';
import type { RecordsLocation } from '../../src/records/database.js';
import { startPostgres } from './postgres.js';
import { tempFile, type Cleanup } from './sandbox.js';

/** A settled record of SKU REC as the activity writes it, for tests that read the record back through the API. */
export const record = (n: number, o: Partial<PurchaseRecord> = {}): PurchaseRecord => ({
  replenishmentId: `replenish-REC-${n}`, runId: `run-${n}`, sku: 'REC', replenishment: n, poNumber: `PO-REC-${n}`,
  supplier: 'acme-industrial', quantityDrafted: 10, quantityOrdered: 10, quantityReceived: 10, unitPrice: 2.5, orderTotal: 25,
  currency: 'USD', approvals: [{ decision: 'approved', by: 'dana', rule: null, at: '2026-11-01T09:00:00.000Z', maxUnitPrice: 2.5 }],
  outcome: 'received', reason: 'received 10 units', startedAt: '2026-11-01T08:00:00.000Z', settledAt: `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`,
  orderedAt: '2026-11-01T09:30:00.000Z', receivedAt: '2026-11-02T09:00:00.000Z',
  turns: [{ turn: 1, at: '2026-11-01T08:00:00.000Z', tool: 'get_quotes', result: 'ok', summary: '2 quotes' }],
  ...o,
});

/**
 * Both databases the record runs on, as `[name, location]` for describe.each: each location is made
 * when asked (in beforeAll) and removed by `cleanup` (a file's, from fileScope).
 */
export const recordsLocations = (cleanup: Cleanup) => [
  ['SQLite', async (): Promise<RecordsLocation> => ({ kind: 'sqlite', file: tempFile(cleanup) })],
  ['PostgreSQL', async (): Promise<RecordsLocation> => {
    const pg = await startPostgres();
    cleanup(() => pg.stop());
    return { kind: 'postgres', url: pg.url };
  }],
] as const;
