import { describe, expect, it } from 'vitest';
import { closeOf, Gathering, gatheringOf, MAX_LINES_PER_ORDER, orderByDate, windowClose } from '../../src/domain/gathering.js';
import { Rules } from '../../src/domain/rules.js';

const DAY = 86_400_000;
const T0 = '2026-03-02T09:00:00.000Z';
const plus = (ms: number, from = T0) => new Date(Date.parse(from) + ms).toISOString();

describe('which suppliers gather, and until when', () => {
  it('no supplier gathers unless configured: rules without the setting parse as before', () => {
    expect(Rules.parse({}).gathering).toBeUndefined();
    expect(gatheringOf(Rules.parse({}), 'quickparts')).toBeNull();
    const rules = Rules.parse({ gathering: { quickparts: { windowHours: 8 } } });
    expect(gatheringOf(rules, 'quickparts')).toEqual({ windowHours: 8 });
    expect(gatheringOf(rules, 'acme-industrial')).toBeNull();
    // An inherited name is not a supplier's setting.
    expect(gatheringOf(rules, 'constructor')).toBeNull();
  });

  it('a window in business hours closes that many 24ths of a business day after it opened', () => {
    expect(windowClose({ windowHours: 8 }, T0, DAY)).toBe(plus(8 * 3_600_000));
    // A demo day of 20 s: 6 hours are 5 s.
    expect(windowClose({ windowHours: 6 }, T0, 20_000)).toBe(plus(5_000));
  });

  it('a daily cut-off closes at the next cut-off after the window opened, today or tomorrow', () => {
    expect(windowClose({ cutoff: '14:00' }, T0, DAY)).toBe('2026-03-02T14:00:00.000Z');
    expect(windowClose({ cutoff: '09:00' }, T0, DAY)).toBe('2026-03-03T09:00:00.000Z');
    expect(windowClose({ cutoff: '08:30' }, T0, DAY)).toBe('2026-03-03T08:30:00.000Z');
  });

  it.each([
    [{ windowHours: 0 }], [{ windowHours: -1 }], [{ cutoff: '24:00' }], [{ cutoff: '9:00' }], [{ windowHours: 8, cutoff: '10:00' }], [{}],
  ])('%j is not a gathering setting', (setting) => {
    expect(Gathering.safeParse({ quickparts: setting }).success).toBe(false);
  });

  it('a supplier name an id cannot carry is refused', () => {
    expect(Gathering.safeParse({ 'quick parts': { windowHours: 1 } }).success).toBe(false);
    expect(Gathering.safeParse({ '-x': { windowHours: 1 } }).success).toBe(false);
  });
});

describe('the date a line must be ordered by', () => {
  it('is when the stock left, less the lead time, runs out at the daily demand', () => {
    // 100 units at 10 a day last 10 days; 4 of them are the lead time.
    expect(orderByDate({ onHand: 80, onOrder: 20 }, 10, 4, T0, DAY)).toBe(plus(6 * DAY));
  });

  it('is now when the stock will not last the lead time, never earlier', () => {
    expect(orderByDate({ onHand: 10, onOrder: 0 }, 10, 4, T0, DAY)).toBe(T0);
    expect(orderByDate({ onHand: -5, onOrder: 0 }, 10, 4, T0, DAY)).toBe(T0);
  });

  it('does not exist without demand: such a line can wait any window', () => {
    expect(orderByDate({ onHand: 10, onOrder: 0 }, null, 4, T0, DAY)).toBeNull();
    expect(orderByDate({ onHand: 10, onOrder: 0 }, 0, 4, T0, DAY)).toBeNull();
  });
});

describe('when the window closes', () => {
  const window = { openedAt: T0, closesAt: plus(DAY) };
  const line = (poNumber: string, orderBy: string | null) => ({ poNumber, sku: poNumber.slice(3, -2), orderBy });

  it('stays open while every line can wait for its close', () => {
    expect(closeOf(window, [line('PO-A-1', plus(2 * DAY)), line('PO-B-1', null)], plus(3_600_000))).toEqual({ close: false });
  });

  it('closes at its close, and never with no line in it', () => {
    expect(closeOf(window, [line('PO-A-1', null)], plus(DAY))).toEqual({ close: true, early: false, reason: `the window opened at ${T0} closed at ${plus(DAY)}` });
    expect(closeOf(window, [], plus(2 * DAY))).toEqual({ close: false });
  });

  it('closes at once when it holds as many lines as one consolidated PO takes', () => {
    const full = Array.from({ length: MAX_LINES_PER_ORDER }, (_, i) => line(`PO-S${i}-1`, null));
    expect(closeOf(window, full.slice(1), T0)).toEqual({ close: false });
    expect(closeOf(window, full, T0)).toEqual({ close: true, early: true, reason: `${MAX_LINES_PER_ORDER} lines gathered, the most one consolidated PO takes is ${MAX_LINES_PER_ORDER}` });
  });

  it('closes at once, early, when a line must be ordered before it would close, naming the most urgent', () => {
    const d = closeOf(window, [line('PO-A-1', plus(2 * DAY)), line('PO-B-1', plus(DAY / 2)), line('PO-C-1', plus(DAY / 4))], T0);
    expect(d).toEqual({ close: true, early: true, reason: `PO-C-1 (C) must be ordered by ${plus(DAY / 4)}, before the window closes at ${plus(DAY)}` });
  });
});
