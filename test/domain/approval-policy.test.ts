import { describe, expect, it } from 'vitest';
import { consolidatedLimitOf, consolidatedOrderRefusal, routineOrderRefusal, type ApprovalPolicy } from '../../src/domain/approval-policy.js';

const policy: ApprovalPolicy = { autoApproveBelow: 500, priceTolerancePct: 5, budgetPerMonth: 10_000 };
const po = (total: number, unitPrice: number) => ({ total, unitPrice, supplier: 'acme-industrial' });

describe('a routine order, as the approval policy judges it before the budget', () => {
  it('a small PO priced within the tolerance of the last price paid is routine', () => {
    expect(routineOrderRefusal(policy, po(459, 5.1), 5.1, 'USD')).toBeNull();
    expect(routineOrderRefusal(policy, po(472.5, 5.25), 5, 'USD')).toBeNull();
  });

  it('a total at or above the threshold goes to the manager, and the reason names both amounts', () => {
    expect(routineOrderRefusal(policy, po(500, 5), 5, 'USD')).toMatch(/total 500\.00 USD is not below the auto-approval threshold 500\.00 USD/);
  });

  it('a price more than the tolerance above the last price paid goes to the manager', () => {
    expect(routineOrderRefusal(policy, po(477, 5.3), 5, 'USD')).toMatch(/unit price 5\.30 USD is more than 5% above the last price paid to acme-industrial, 5\.00 USD/);
  });

  it('a supplier never bought from has no price to compare with', () => {
    expect(routineOrderRefusal(policy, po(10, 1), null, 'USD')).toMatch(/nothing was bought from acme-industrial before/);
  });
});

describe('a consolidated PO, as the approval policy judges it before the budget', () => {
  const line = (n: number, lineTotal: number, unitPrice = 5, lastPrice: number | null = 5) => ({ poNumber: `PO-S${n}-1`, sku: `S${n}`, unitPrice, lineTotal, lastPrice });
  const spo = (total: number, lines: ReturnType<typeof line>[]) => ({ spoNumber: 'SPO-acme-industrial-3', supplier: 'acme-industrial', total, lines });

  it('routine when each line would be routine alone and the whole is below ten routine orders\' worth, though it is above the per-order threshold', () => {
    expect(consolidatedLimitOf(policy)).toBe(5000);
    expect(consolidatedOrderRefusal(policy, spo(4020, Array.from({ length: 9 }, (_, i) => line(i, 445))), 'USD')).toBeNull();
  });

  it('a line that would not be routine alone sends the whole PO to the manager, and the reason names the line', () => {
    expect(consolidatedOrderRefusal(policy, spo(620, [line(1, 100), line(2, 500)]), 'USD'))
      .toBe('line PO-S2-1 (S2): total 500.00 USD is not below the auto-approval threshold 500.00 USD');
    expect(consolidatedOrderRefusal(policy, spo(220, [line(1, 100), line(2, 100, 5.3)]), 'USD')).toMatch(/^line PO-S2-1 \(S2\): unit price 5\.30 USD is more than 5% above/);
  });

  it('a whole at or above the consolidated limit goes to the manager: the configured one, else the default, never above two managers\' threshold', () => {
    const twelve = spo(5400, Array.from({ length: 12 }, (_, i) => line(i, 450)));
    expect(consolidatedOrderRefusal(policy, twelve, 'USD')).toBe('SPO-acme-industrial-3 total 5400.00 USD is not below the limit for a consolidated PO approved by rule, 5000.00 USD');
    expect(consolidatedOrderRefusal({ ...policy, consolidatedBelow: 6000 }, twelve, 'USD')).toBeNull();
    expect(consolidatedLimitOf(policy, 3000)).toBe(3000);
    expect(consolidatedLimitOf({ ...policy, consolidatedBelow: 2000 }, 3000)).toBe(2000);
  });
});
