import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, it } from 'vitest';
import { timelineOf } from '../../src/timeline/index.js';

// The tool names on a timeline come from what the history holds: activity ids, the decider's answer, timer summaries.
type JsonEvent = Record<string, Record<string, unknown> | undefined> & { eventId: string };
const fixture = (): { events: JsonEvent[] } =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/timelines/happy-path.replenish0.json', import.meta.url)), 'utf8'));
const json = (v: unknown) => ({ metadata: { encoding: Buffer.from('json/plain').toString('base64') }, data: Buffer.from(JSON.stringify(v)).toString('base64') });
const unjson = (p: { data: string }) => JSON.parse(Buffer.from(p.data, 'base64').toString()) as unknown;
const scheduledOf = (e: JsonEvent) => e.activityTaskScheduledEventAttributes as { activityId: string; input: { payloads: { data: string }[] } } | undefined;

describe('tool names on a timeline', () => {
  it('each call is named after the tool its activity ran', () => {
    const h = fixture();
    const ran = new Map(h.events.flatMap((e) => {
      const a = scheduledOf(e);
      const input = a ? unjson(a.input.payloads[0]!) as { tool?: string } : null;
      return a && input?.tool ? [[a.activityId, input.tool] as const] : [];
    }));
    const t = timelineOf(historyFromJSON(h));
    expect(t.calls.length).toBeGreaterThan(5);
    for (const c of t.calls) expect(c.tool, c.activityId).toBe(ran.get(c.activityId));
  });

  it('a wait is named by the turn\'s decision even when its summary says something else', () => {
    const h = fixture();
    for (const e of h.events) if (e.timerStartedEventAttributes) e.userMetadata = { summary: json('wait_for_goods, says the summary') };
    const t = timelineOf(historyFromJSON(h));
    expect(t.waits.map((w) => [w.summary, w.tool])).toEqual([
      ['wait_for_goods, says the summary', 'wait_for_approval'],
      ['wait_for_goods, says the summary', 'wait_for_supplier_reply'],
      ['wait_for_goods, says the summary', 'wait_for_goods'],
    ]);
  });

  it('a wait whose decision cannot be read is named by the tool that starts its summary', () => {
    const h = fixture();
    const decides = new Set(h.events.filter((e) => scheduledOf(e)?.activityId.startsWith('decide-')).map((e) => e.eventId));
    for (const e of h.events) {
      const done = e.activityTaskCompletedEventAttributes as { scheduledEventId: string; result?: unknown } | undefined;
      if (done && decides.has(done.scheduledEventId)) delete done.result;
    }
    const t = timelineOf(historyFromJSON(h));
    expect(t.turns.find((m) => m.turn === 4)?.tool).toBeNull();
    expect(t.waits.map((w) => w.tool)).toEqual(['wait_for_approval', 'wait_for_supplier_reply', 'wait_for_goods']);
  });
});

describe('turns of a run whose policy chose in workflow code', () => {
  const recorded = (): { events: JsonEvent[] } =>
    JSON.parse(readFileSync(fileURLToPath(new URL('../histories/happy-path.replenish0.json', import.meta.url)), 'utf8'));

  it('come from the summaries of its steps: each turn with its tool and reason, each call and wait in its turn', () => {
    const h = recorded();
    expect(h.events.some((e) => scheduledOf(e)?.activityId.startsWith('decide-'))).toBe(false);
    const t = timelineOf(historyFromJSON(h));
    expect(t.turns.map((m) => m.tool)).toEqual([
      'get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval', 'check_before_order', 'place_order',
      'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order', 'done',
    ]);
    expect(t.turns.map((m) => m.turn)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(t.turns.at(-1)?.reason).toBe('the purchase order is settled');
    expect(t.turns.find((m) => m.tool === 'wait_for_approval')?.reason).toBe('approval requested');
    expect(t.turns.every((m) => m.reason && !m.summary?.includes(' · turn '))).toBe(true);
    expect(t.waits.map((w) => [w.turn, w.tool])).toEqual([[4, 'wait_for_approval'], [7, 'wait_for_supplier_reply'], [9, 'wait_for_goods']]);
    for (const c of t.calls) expect(t.turns.find((m) => m.turn === c.turn)?.tool, c.activityId).toBe(c.tool === 'record' ? 'done' : c.tool);
  });
});
