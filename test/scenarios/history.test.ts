import { describe, expect, it } from 'vitest';
import type { Decider } from '../../src/activities/contract.js';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { agentStatusQuery } from '../../src/workflows/messages.js';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

// Measured on this code: 20 to 30 events a run. The bound leaves room without letting history grow.
const MAX_EVENTS_PER_AGENT_RUN = 60;
const MAX_MEMORY_BYTES = 8_192;
// Past RECENT_OUTCOMES (10) replenishments the memory is full; from there on, each replenishment
// must add nothing to it nor to an agent run. Comparing the agent at these two points shows that.
const FULL = 15;
const LATER = 30;

/** The memory's shape and size with its counts and times blanked: equal at two points means it stopped growing. */
const shapeOf = (memory: unknown) => JSON.stringify(memory).replace(/\d+/g, '0');

describe('history stays bounded over an agent\'s life', () => {
  it('replenishment after replenishment, an agent run stays short and its memory stops growing once full', async () => {
    // A decider that gives up at once makes a replenishment cheap.
    const quick: Decider = {
      name: 'quick-cancel',
      decide: async ({ allowed }) => allowed.includes('done')
        ? { tool: 'done', input: {} }
        : { tool: 'cancel_purchase_order', input: { reason: 'simulated replenishment' } },
    };
    // Short days: after each replenishment the agent waits one stock-check interval before the next.
    const stack = await startStack({ temporal: 'dev', decider: quick, rules: { dayMs: 50 } });
    const sku = stack.newSku();
    await story(stack, sku).startAgent();
    const statusAt = (n: number) => eventually(() => stack.agent(sku).query(agentStatusQuery), (st) => st.replenishments >= n, 120_000, `${n} replenishments`);

    const full = await statusAt(FULL);
    const later = await statusAt(LATER);
    await stack.authed('POST', `/agents/${sku}/pause`);
    expect(later.memory.outcomes.cancelled).toBeGreaterThanOrEqual(LATER - 1);
    expect(full.memory.recent).toHaveLength(10);
    expect(later.memory.recent).toHaveLength(10);
    expect(shapeOf(later.memory)).toBe(shapeOf(full.memory));
    expect(JSON.stringify(later.memory).length).toBeLessThan(MAX_MEMORY_BYTES);

    // Each agent run holds one replenishment; the runs after the memory filled are no longer than those before.
    const runs = await eventually(async () => {
      const found: { start: number; events: number }[] = [];
      for await (const run of stack.client.workflow.list({ query: `WorkflowId = 'agent-${sku}'` })) found.push({ start: run.startTime.getTime(), events: run.historyLength });
      return found.sort((a, b) => a.start - b.start).map((r) => r.events);
    }, (lengths) => lengths.length >= LATER, 30_000, `${LATER} agent runs listed`);
    expect(Math.max(...runs)).toBeLessThanOrEqual(MAX_EVENTS_PER_AGENT_RUN);
    // The finished runs (the one the pause reached may still be open).
    const settled = runs.slice(0, LATER - 1);
    expect(Math.max(...settled.slice(FULL))).toBeLessThanOrEqual(Math.max(...settled.slice(0, FULL)));
  }, 240_000);
});

describe('large payloads stay out of history', () => {
  it('a 3 MB supplier email is read in full by the agent and enters no workflow history', async () => {
    const stack = await startStack({ temporal: 'time-skipping' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });
    await s.phase('ordered');
    const run = stack.client.workflow.getHandle(`replenish-${sku}-1`);
    // The supplier confirms the day the order was placed for: a later one would be a delay.
    const placedFor = ((await run.query('state')) as { state: { order: { expectedDelivery: string } } }).state.order.expectedDelivery.slice(0, 10);

    // The answer sits past the excerpt that travels inline, so only the stored document holds it;
    // then comes an attachment's worth of text, with a marker at its very end.
    const preamble = 'Thank you for your business; our records are below for reference. '.repeat(50);
    const attachment = 'Terms and conditions apply to every line of this order. '.repeat(55_000);
    const email = `Dear buyer,\n\n${preamble}\nWe confirm the order, delivery ${placedFor}.\n\n${attachment}\nMARKER-DEEP-IN-THE-EMAIL\n`;
    expect(email.indexOf(placedFor)).toBeGreaterThan(2_000);
    expect(email.length).toBeGreaterThan(3_000_000);
    const res = await s.reply(request.poNumber, 'big-1', email);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await s.phase('awaiting goods');

    const reply = (await s.view()).replenishment;
    expect(reply.log.find((t: { tool: string }) => t.tool === 'read_supplier_reply').result).toBe('ok');
    const state = (await run.query('state')) as { state: { replies: { kind: string; deliveryDate?: string }[] } };
    expect(state.state.replies[0]).toMatchObject({ kind: 'confirmed', deliveryDate: `${placedFor}T00:00:00.000Z` });

    for (const id of [`replenish-${sku}-1`, `agent-${sku}`]) {
      const json = historyToJSON(await stack.client.workflow.getHandle(id).fetchHistory());
      expect(json).not.toContain('MARKER-DEEP-IN-THE-EMAIL');
      expect(json.length).toBeLessThan(300_000);
    }
  });
});
