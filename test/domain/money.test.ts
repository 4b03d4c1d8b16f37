import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/money.js';

describe('amounts as a manager reads them', () => {
  it('carry the deployment currency, two decimals, and up to four for sub-cent unit prices', () => {
    expect(formatMoney(5.1, 'USD')).toBe('5.10 USD');
    expect(formatMoney(459, 'EUR')).toBe('459.00 EUR');
    expect(formatMoney(0.035, 'USD')).toBe('0.035 USD');
    expect(formatMoney(0.12345, 'GBP')).toBe('0.1235 GBP');
  });
});
