import type { SandboxStore } from './store.js';

// Three suppliers that trade off price, minimum order, pack size, price breaks and speed, so choosing one is a decision.
const skus = [
  { sku: 'BOLT-M8', onHand: 400, safetyStock: 150, targetLevel: 800 },
  { sku: 'NUT-M8', onHand: 380, safetyStock: 150, targetLevel: 800 },
  { sku: 'WASHER-M8', onHand: 90, safetyStock: 100, targetLevel: 600 },
  { sku: 'GLOVES-L', onHand: 60, safetyStock: 24, targetLevel: 120 },
  { sku: 'TAPE-50', onHand: 35, safetyStock: 20, targetLevel: 80 },
  { sku: 'DRILL-10', onHand: 12, safetyStock: 5, targetLevel: 25 },
];

// [sku, basePrice, moq, leadTimeDays, pack size, price breaks] per supplier
type Line = [string, number, number, number, number?, Array<[number, number]>?];
const catalogue: Record<string, Line[]> = {
  'acme-industrial': [
    ['BOLT-M8', 0.12, 500, 5, 100, [[2000, 0.1]]],
    ['NUT-M8', 0.08, 500, 5, 100, [[2000, 0.07]]],
    ['WASHER-M8', 0.03, 1000, 5, 500, [[5000, 0.025]]],
    ['DRILL-10', 7.9, 10, 7, 1, [[25, 7.5]]],
  ],
  'quickparts': [
    ['BOLT-M8', 0.18, 100, 1, 50, [[500, 0.15]]],
    ['NUT-M8', 0.12, 100, 1, 50, [[500, 0.1]]],
    ['WASHER-M8', 0.05, 200, 1, 10, [[1000, 0.04]]],
    ['GLOVES-L', 3.2, 12, 2, 12, [[48, 2.9]]],
    ['TAPE-50', 2.4, 10, 1, 10],
  ],
  'budget-supply': [
    ['BOLT-M8', 0.1, 2000, 14, 1000],
    ['GLOVES-L', 2.5, 48, 10, 12, [[96, 2.3]]],
    ['TAPE-50', 1.9, 40, 12, 20],
    ['DRILL-10', 6.5, 20, 21],
  ],
};

/** The suppliers of the seeded catalogue. */
export const SEEDED_SUPPLIERS: readonly string[] = Object.keys(catalogue);

/** Idempotent: an existing SKU, supplier or price line is left as it is. */
export function seedCatalogue(store: SandboxStore): void {
  store.transaction(() => {
    for (const { sku, ...levels } of skus) store.setStock(sku, levels, true);
    for (const [supplier, lines] of Object.entries(catalogue)) {
      for (const [sku, basePrice, moq, leadTimeDays, orderMultiple = 1, breaks = []] of lines) {
        const priceBreaks = breaks.map(([minQuantity, unitPrice]) => ({ minQuantity, unitPrice }));
        store.addCatalogueEntry({ supplier, sku, basePrice, moq, leadTimeDays, orderMultiple, priceBreaks });
      }
    }
  });
}
