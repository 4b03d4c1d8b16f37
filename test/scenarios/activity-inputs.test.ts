import { describe, expect, it } from 'vitest';
import { RECENT_TURNS } from '../../src/domain/activity-input.js';
import { replenishmentId } from '../../src/domain/ids.js';
import { startStack } from '../support/stack.js';
import { story } from './story.js';

describe('what a replenishment writes into its history', () => {
  it('no activity but the final record is given the turn log: the decider gets the last few turns and the tokens spent, so inputs stay the same size as turns go by', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    expect((await story(stack, sku).runToReceived()).outcome).toBe('received');

    const history = await stack.client.workflow.getHandle(replenishmentId(sku, 1)).fetchHistory();
    const inputs = (history.events ?? []).flatMap((e) => {
      const a = e.activityTaskScheduledEventAttributes;
      if (!a) return [];
      const [payload] = a.input?.payloads ?? [];
      return [{ type: a.activityType!.name!, id: a.activityId!, bytes: payload?.data?.length ?? 0, input: JSON.parse(Buffer.from(payload!.data!).toString('utf8')) }];
    });
    expect(inputs.map((i) => i.type)).toEqual(expect.arrayContaining(['decide', 'runTool']));
    // The purchasing record is the one activity that takes the log, once, as the run ends: it keeps it.
    const records = inputs.filter((i) => i.id === 'record');
    expect(records).toHaveLength(1);
    expect(records[0]!.input.state.log.length).toBeGreaterThanOrEqual(11);
    for (const { id, input } of inputs.filter((i) => i.id !== 'record')) expect(input.state.log, id).toEqual([]);
    const decides = inputs.filter((i) => i.type === 'decide');
    expect(decides.length).toBeGreaterThanOrEqual(11);
    for (const { id, input } of decides) {
      expect(input.recent.length, id).toBeLessThanOrEqual(RECENT_TURNS);
      expect(input.spent, id).toEqual({ input: 0, written: 0, cached: 0, output: 0 });
    }
    // The last decide (done) is shown the six turns before it.
    expect(decides.at(-1)!.input.recent.map((t: { tool: string }) => t.tool)).toEqual([
      'check_before_order', 'place_order', 'wait_for_supplier_reply', 'read_supplier_reply', 'wait_for_goods', 'close_purchase_order',
    ]);
    // The last decide carries a state that has grown (quotes, PO, order, replies), not a log: under twice the first's size.
    expect(decides.at(-1)!.bytes).toBeLessThan(2 * decides[0]!.bytes + 2_000);
  });
});
