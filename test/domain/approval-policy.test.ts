import { describe, expect, it } from 'vitest';
import { routineOrderRefusal, type ApprovalPolicy } from '../../src/domain/approval-policy.js';

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
