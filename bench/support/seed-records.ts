import type { PurchaseRecord } from '../../src/domain/purchase-record.js';
import type { PurchaseRecords } from '../../src/records/store.js';
import { record } from '../../test/support/records.js';
import { SUPPLIERS } from './stack.js';

const month = (i: number) => `2026-${String((i % 12) + 1).padStart(2, '0')}`;

/**
 * Writes `n` settled replenishments, one upsert at a time as the activity does, spread over the
 * suppliers, the months of 2026 and the SKUs `skuOf` names (one in ten cancelled); `also` changes
 * the i-th. Returns the mean ms per write.
 */
export async function seedRecords(records: PurchaseRecords, n: number, skuOf: (i: number) => string, also: (i: number) => Partial<PurchaseRecord> = () => ({})): Promise<number> {
  const started = performance.now();
  for (let i = 1; i <= n; i++) {
    const sku = skuOf(i);
    await records.save(record(i, {
      replenishmentId: `replenish-${sku}-${i}`, sku, poNumber: `PO-${sku}-${i}`, supplier: SUPPLIERS[i % SUPPLIERS.length]!,
      outcome: i % 10 === 0 ? 'cancelled' : 'received', orderedAt: `${month(i)}-10T09:00:00.000Z`, settledAt: `${month(i)}-15T${String(i % 24).padStart(2, '0')}:00:${String(i % 60).padStart(2, '0')}.${String(i % 1000).padStart(3, '0')}Z`,
      ...also(i),
    }));
  }
  return (performance.now() - started) / n;
}
