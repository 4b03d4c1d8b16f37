import { describe, expect, it } from 'vitest';
import type { Turn } from '../../src/domain/types.js';
import { renderSku } from '../../src/cli/show.js';
import { timeline } from '../../src/cli/timeline.js';
import type { SkuView } from '../../src/cli/views.js';

const T0 = Date.parse('2025-06-02T09:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const turn = (n: number, s: number, tool: string, result: Turn['result'], summary = tool): Turn => ({ turn: n, at: at(s), allowed: [tool], tool, result, summary });

const log: Turn[] = [
  turn(1, 0, 'get_quotes', 'ok'),
  turn(2, 1, 'draft_purchase_order', 'ok'),
  turn(3, 2, 'request_approval', 'ok'),
  turn(4, 3, 'wait_for_approval', 'timeout'),
  turn(5, 33, 'request_approval', 'refused'),
  turn(5, 33, 'escalate_to_manager', 'ok'),
  turn(6, 34, 'wait_for_approval', 'message'),
  turn(7, 64, 'place_order', 'error'),
];

describe('the terminal timeline of a replenishment', () => {
  it('draws each turn at its offset and each wait as a span that says how it ended', () => {
    const lines = timeline(log, { now: T0 + 70_000, waiting: null, width: 33 });
    expect(lines).toHaveLength(log.length);
    expect(lines[0]).toMatch(/^ +\+0\.0s +1 +get_quotes +● *$/);
    expect(lines[3]).toMatch(/\+3\.0s +4 +wait_for_approval +├─+┤ +⏱ timeout after 30s$/);
    expect(lines[6]).toMatch(/\+34s +6 +wait_for_approval +├─+┤ +✉ message after 30s$/);
    expect(lines[4]).toMatch(/request_approval +○ +refused$/);
    expect(lines[7]).toMatch(/place_order +✗ +error$/);
    // Offsets line up with the track: the last call sits in the last column.
    const track = (l: string) => l.indexOf('●') >= 0 ? l.indexOf('●') : l.search(/[├✗○]/);
    expect(track(lines[7]!) - track(lines[0]!)).toBe(32);
  });

  it('runs a wait in progress up to now and says when it times out', () => {
    const running = log.slice(0, 3);
    const lines = timeline(running, { now: T0 + 12_000, waiting: { tool: 'wait_for_approval', events: ['approval'], until: at(3 + 3600) } });
    expect(lines.at(-1)).toMatch(/\+2\.0s +4 +wait_for_approval +├─+▶ +waiting for approval, times out in 59m5\ds$/);
  });

  it('does not make up how long the last wait took when the next one is still running', () => {
    const partly = [...log.slice(0, 3), turn(4, 3, 'wait_for_goods', 'message')];
    const lines = timeline(partly, { now: T0 + 20_000, waiting: { tool: 'wait_for_goods', events: ['goods-receipt'], until: at(600) } });
    expect(lines[3]).toMatch(/wait_for_goods +├ +✉ message$/);
    expect(lines[4]).toMatch(/wait_for_goods +├─+▶ +waiting for goods-receipt/);
  });

  it('is empty before the first turn', () => {
    expect(timeline([], { now: T0, waiting: null })).toEqual([]);
  });
});

describe('show', () => {
  const view: SkuView = {
    sku: 'SKU-1',
    stock: { sku: 'SKU-1', onHand: 10, safetyStock: 20, targetLevel: 100, onOrder: 0 },
    agent: { status: 'replenishing', replenishments: 1, active: null },
    pastOutcomes: [],
    replenishment: {
      workflowId: 'replenish-SKU-1-1', phase: 'awaiting approval', po: null, decision: null, order: null, received: 0, notes: [],
      waiting: { tool: 'wait_for_approval', events: ['approval'], until: at(600) },
      log: [{ ...turn(1, 0, 'get_quotes', 'ok', 'got 2 quotes'), reason: 'stock is below safety' }],
    },
  };

  it('gives the stock, the agent, the decision log with reasons and the timeline', () => {
    const out = renderSku(view, T0 + 5000).join('\n');
    expect(out).toContain('10 on hand, safety 20, target 100, 0 on order  (below safety stock)');
    expect(out).toMatch(/Decision log\n +1 +get_quotes +ok +got 2 quotes\n +why: stock is below safety/);
    expect(out).toMatch(/Timeline .*\n.*get_quotes +●\n.*wait_for_approval +├─+▶ +waiting for approval, times out in 9m55s/);
  });
});
