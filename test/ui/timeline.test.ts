import { readFileSync } from 'node:fs';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, it } from 'vitest';
import { timelineOf, type Timeline } from '../../src/timeline/index.js';
import { duration, timelineSvg } from '../../src/timeline/svg.js';
import { fileURLToPath } from 'node:url';
import { wellFormedXml } from './svg-check.js';

// Histories of real runs kept as the decoder's input; what code recorded them does not matter here.
const fixtures = fileURLToPath(new URL('../fixtures/timelines/', import.meta.url));
const history = (file: string) => historyFromJSON(JSON.parse(readFileSync(`${fixtures}${file}.json`, 'utf8')));
/** A recorded replenishment with the run of the SKU's agent that started it. */
const recorded = (scenario: string, opts: { withParent?: boolean } = {}) =>
  timelineOf(history(`${scenario}.replenish0`), { parent: opts.withParent === false ? null : history(`${scenario}.agent1`) });

const ms = (iso: string | null) => Date.parse(iso!);
const waitsOf = (t: Timeline, tool: string) => t.waits.filter((w) => w.tool === tool);

describe('the timeline of a recorded replenishment', () => {
  it('a worker killed during the approval wait shows as a band inside that wait, and nothing before it ran twice', () => {
    const t = recorded('worker-crash');
    const [approval] = waitsOf(t, 'wait_for_approval');
    expect(approval).toMatchObject({ ended: 'message', message: { event: 'approval' } });
    expect(t.gaps).toHaveLength(1);
    const [gap] = t.gaps;
    // Two witnesses: the agent's task timed out on the dead worker, and the approval reached the run late.
    expect(gap!.sources.sort()).toEqual(['message', 'parent']);
    expect(gap!.reasons.join('\n')).toMatch(/timed out waiting for its worker/);
    expect(gap!.reasons.join('\n')).toMatch(/the approval taken by the API at 22:14:44 UTC reached the run 10\.4 s later/);
    expect(ms(gap!.to) - ms(gap!.from)).toBeGreaterThan(5_000);
    expect(ms(gap!.from)).toBeGreaterThanOrEqual(ms(approval!.startedAt));
    expect(ms(gap!.to)).toBeLessThanOrEqual(ms(approval!.endedAt));
    // The run's tasks went to the new worker process when the approval arrived.
    expect(t.workerChanges).toEqual([expect.objectContaining({ from: '16271@vm', to: '16563@vm' })]);
    expect(ms(t.workerChanges[0]!.at)).toBeGreaterThanOrEqual(ms(gap!.to));
    for (const call of t.calls) expect(call, call.activityId).toMatchObject({ attempts: 1, result: 'completed' });
    expect(new Set(t.calls.map((c) => c.activityId)).size).toBe(t.calls.length);
    expect(t).toMatchObject({ status: 'completed', workflowId: expect.stringMatching(/^replenish-/), outcome: { outcome: 'received', reason: 'received 90 units' } });
  });

  it('without the agent\'s history the late approval alone still shows the band', () => {
    const t = recorded('worker-crash', { withParent: false });
    expect(t.gaps).toEqual([expect.objectContaining({ sources: ['message'] })]);
    expect(t.workerChanges).toHaveLength(1);
  });

  it('a supplier that was down shows place_order with its retries, completed on the third attempt', () => {
    const t = recorded('supplier-down');
    const order = t.calls.find((c) => c.tool === 'place_order')!;
    expect(order).toMatchObject({ turn: 5, attempts: 3, result: 'completed', summary: expect.stringMatching(/^place_order PO-/) });
    expect(order.retries.map((r) => [r.attempt, r.estimated])).toEqual([[2, true], [3, false]]);
    expect(order.retries.at(-1)!.at).toBe(order.startedAt);
    const [second, third] = order.retries.map((r) => ms(r.at));
    expect(second).toBeGreaterThan(ms(order.scheduledAt));
    expect(second).toBeLessThan(third!);
    // Retries are not outages: the worker was up the whole time.
    expect(t.gaps).toEqual([]);
    // Recorded while the agent still waited for the supplier's reply.
    expect(t.status).toBe('running');
    expect(t.waits.at(-1)).toMatchObject({ tool: 'wait_for_supplier_reply', ended: 'waiting', endedAt: null });
  });

  it('a silent supplier shows a wait ended by its timeout, then the chase, then a wait ended by the reply', () => {
    const t = recorded('supplier-silent');
    const replies = waitsOf(t, 'wait_for_supplier_reply');
    expect(replies.map((w) => w.ended)).toEqual(['timeout', 'message']);
    const [silent, answered] = replies;
    expect(ms(silent!.endedAt) - ms(silent!.startedAt)).toBeGreaterThanOrEqual(silent!.timeoutMs - 1_000);
    const chase = t.calls.find((c) => c.tool === 'chase_supplier')!;
    expect(chase.turn).toBe(silent!.turn! + 1);
    expect(ms(chase.scheduledAt)).toBeGreaterThanOrEqual(ms(silent!.endedAt));
    expect(answered!.message).toMatchObject({ event: 'supplier-reply', messageId: 'reply:late-1' });
    expect(t.turns.map((m) => m.tool)).toEqual([
      'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'place_order', 'wait_for_supplier_reply',
      'chase_supplier', 'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
    ]);
  });

  it('the happy path: every turn a mark with its tool and summary, every wait ended by a message', () => {
    const t = recorded('happy-path');
    expect(t.waits.map((w) => [w.tool, w.ended, w.message?.event])).toEqual([
      ['wait_for_approval', 'message', 'approval'],
      ['wait_for_supplier_reply', 'message', 'supplier-reply'],
      ['wait_for_goods', 'message', 'goods-receipt'],
    ]);
    for (const m of t.turns.filter((x) => x.tool !== 'done')) {
      expect(m.summary, `turn ${m.turn}`).toMatch(new RegExp(`^${m.tool}\\b`));
      expect(m.reason, `turn ${m.turn}`).toBeTruthy();
    }
    expect(t.turns.map((m) => m.turn)).toEqual(t.turns.map((_, i) => i + 1));
    expect(t.gaps).toEqual([]);
    expect(t.workerChanges).toEqual([]);
    expect(t.outcome?.outcome).toBe('received');
  });

  it.each(['happy-path', 'manager-rejects', 'manager-silent', 'price-rose', 'second-signal', 'supplier-down', 'supplier-silent', 'continue-as-new'])(
    'no outage is invented where there was none: %s',
    (scenario) => {
      expect(recorded(scenario).gaps).toEqual([]);
    },
  );

  it('a rejected PO ends with the manager\'s outcome', () => {
    const t = recorded('manager-rejects');
    expect(t.outcome?.outcome).toBe('rejected');
    expect(waitsOf(t, 'wait_for_approval')[0]).toMatchObject({ ended: 'message', message: { event: 'approval' } });
  });

  it('a running workflow reaches to now, and a band is clipped to the run', () => {
    const h = history('supplier-down.replenish0');
    const last = ms(timelineOf(h).until);
    const t = timelineOf(h, { now: last + 60_000 });
    expect(ms(t.until)).toBe(last + 60_000);
    expect(t.end).toBeNull();
  });
});

describe('the timeline drawn as SVG', () => {
  const svgOf = (scenario: string) => timelineSvg(recorded(scenario));

  it('is a well-formed standalone SVG with its namespace and no styles or scripts', () => {
    for (const scenario of ['worker-crash', 'supplier-down', 'supplier-silent', 'happy-path', 'manager-rejects']) {
      const svg = svgOf(scenario);
      const names = wellFormedXml(svg);
      expect(names[0]).toBe('svg');
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
      expect(svg).toMatch(/viewBox="0 0 \d+ \d+"/);
      expect(names).not.toContain('style');
      expect(names).not.toContain('script');
      expect(svg).not.toMatch(/ style="/);
    }
  });

  it('the crashed run has its pink band, its turns as marks and its outcome', () => {
    const svg = svgOf('worker-crash');
    expect(svg).toContain('<g class="gap">');
    expect(svg).toMatch(/worker down 10(\.\d)? s/);
    expect(svg).toContain('fill="#f8bbd0"');
    expect(svg.match(/<g class="turn">/g)).toHaveLength(10);
    expect(svg).toContain('<g class="wait wait-message">');
    expect(svg).toContain('<g class="worker-change">');
    expect(svg).toMatch(/<g class="outcome">[^]*received/);
  });

  it('retries are ticks, a timeout has its own colour, a wait in progress is open', () => {
    const down = svgOf('supplier-down');
    expect(down.match(/<g class="retry">/g)).toHaveLength(2);
    expect(down).toContain('×3');
    expect(down).toContain('<g class="wait wait-waiting">');
    expect(down).toContain('>now<');
    expect(svgOf('supplier-silent')).toContain('<g class="wait wait-timeout">');
  });

  it('text from the run is escaped', () => {
    const t = recorded('happy-path');
    const hostile = '<script>alert("x")</script> & \'quotes\'';
    const svg = timelineSvg({ ...t, workflowId: hostile, turns: t.turns.map((m) => ({ ...m, summary: hostile })), outcome: { outcome: 'received', reason: hostile, result: null } });
    expect(() => wellFormedXml(svg)).not.toThrow();
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;');
  });

  it('durations read as a manager would say them', () => {
    expect([850, 2_000, 12_600, 250_000, 12_000_000, 8 * 86_400_000].map(duration))
      .toEqual(['850 ms', '2 s', '13 s', '4 min 10 s', '3 h 20 min', '8 d']);
  });
});
