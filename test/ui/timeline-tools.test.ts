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
