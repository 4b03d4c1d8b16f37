import { defaultPayloadConverter } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseDecidedStep } from '../../src/domain/ids.js';
import { OUTCOME, PHASE, PO_NUMBER, SKU } from '../../src/workflows/search-attributes.js';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

const summaryOf = (e: HistoryEvent): string | null =>
  e.userMetadata?.summary ? defaultPayloadConverter.fromPayload<string>(e.userMetadata.summary as never) : null;

/** What the Web UI's list shows for a query: workflow ids with their search attributes. */
async function search(stack: Stack, query: string) {
  const found: { workflowId: string; type: string; sku?: string; po?: string; phase?: string; outcome?: string }[] = [];
  for await (const wf of stack.client.workflow.list({ query })) {
    const sa = wf.typedSearchAttributes;
    found.push({ workflowId: wf.workflowId, type: wf.type, sku: sa.get(SKU), po: sa.get(PO_NUMBER), phase: sa.get(PHASE), outcome: sa.get(OUTCOME) });
  }
  return found;
}

describe('an engineer finds a SKU\'s workflows in the Web UI and reads their story there', () => {
  let stack: Stack;
  let sku: string;
  let po: string;

  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
    sku = stack.newSku();
    const s = story(stack, sku);
    po = (await s.parkAtApproval()).poNumber;
  });

  it('`SKU = "…"` lists the agent and its replenishment; `PoNumber` and `Phase` narrow it to the PO waiting for approval', async () => {
    const bySku = await eventually(() => search(stack, `SKU = "${sku}"`), (xs) => xs.length === 2, 30_000, `both workflows of ${sku} in visibility`);
    expect(bySku.map((w) => w.workflowId).sort()).toEqual([`agent-${sku}`, `replenish-${sku}-1`]);
    expect(bySku.find((w) => w.type === 'Replenish')).toMatchObject({ po, phase: 'awaiting approval' });

    const byPo = await eventually(() => search(stack, `PoNumber = "${po}"`), (xs) => xs.length === 1, 30_000, `${po} in visibility`);
    expect(byPo[0]!.workflowId).toBe(`replenish-${sku}-1`);
    expect(await search(stack, `SKU = "${sku}" AND Phase = "awaiting approval"`)).toHaveLength(1);

    // The agent gives its child SKU and phase at its start, so the child is listed before its first turn.
    const agentEvents = (await stack.agent(sku).fetchHistory()).events ?? [];
    const child = agentEvents.find((e) => e.startChildWorkflowExecutionInitiatedEventAttributes)!.startChildWorkflowExecutionInitiatedEventAttributes!;
    expect(Object.keys(child.searchAttributes?.indexedFields ?? {}).sort()).toEqual(['Phase', 'SKU']);
    expect(agentEvents.filter((e) => e.activityTaskScheduledEventAttributes).map(summaryOf)).toEqual([`check_stock ${sku}`]);
  });

  it('the API finds a PO\'s replenishment through visibility, without a table of its own', async () => {
    const res = await eventually(() => stack.api('GET', `/purchase-orders/${po}`), (r) => r.body?.foundBy === 'search-attribute', 30_000, `${po} found by its search attribute`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      poNumber: po, workflowId: `replenish-${sku}-1`, sku, status: 'RUNNING', phase: 'awaiting approval', outcome: null, currentPoNumber: po,
    });
    expect((await stack.api('GET', `/purchase-orders/PO-${sku}-99`)).status).toBe(404);
    // A revision never drafted is no PO: it answered 200 with the run's phase, as if PO-…-R3 were awaiting approval.
    const unrevised = await stack.api('GET', `/purchase-orders/${po}-R3`);
    expect(unrevised.status, JSON.stringify(unrevised.body)).toBe(404);
    expect(unrevised.body.error).toBe(`no purchase order ${po}-R3: replenish-${sku}-1 has drafted up to ${po}`);
    expect((await stack.api('GET', '/purchase-orders/not-a-po')).status).toBe(400);
  });

  it('a replenishment that carries no attributes yet is still found by the id its PO number names', async () => {
    // Started by code older than the attributes, it has none: a Replenish no worker has picked up looks the same.
    const handle = await stack.client.workflow.start('Replenish', { taskQueue: `${stack.taskQueue}-nobody`, workflowId: `replenish-${sku}-7`, args: [{}] });
    try {
      const res = await stack.api('GET', `/purchase-orders/PO-${sku}-7`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ workflowId: `replenish-${sku}-7`, status: 'RUNNING', foundBy: 'po-number', phase: null, currentPoNumber: null });
      // A revision of the PO names the same replenishment.
      expect((await stack.api('GET', `/purchase-orders/PO-${sku}-7-R1`)).body.workflowId).toBe(`replenish-${sku}-7`);
    } finally {
      await handle.terminate('test clean-up');
    }
  });

  it('the finished replenishment carries its outcome, and its history reads as a story: summaries on activities and timers', async () => {
    const s = story(stack, sku);
    const request = await s.approvalRequest();
    expect((await s.decide(po, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.waitingIn('wait_for_supplier_reply');
    expect((await s.reply(po, 'm-1', 'Confirmed, on schedule.', { kind: 'confirmed' })).status).toBe(202);
    await s.waitingIn('wait_for_goods');
    expect((await s.receive(po, 'r-1', request.quantity)).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('received');

    const done = await eventually(() => search(stack, `SKU = "${sku}" AND Outcome = "received"`), (xs) => xs.length === 1, 30_000, 'the outcome in visibility');
    expect(done[0]).toMatchObject({ workflowId: `replenish-${sku}-1`, phase: 'received', po });

    const events = (await stack.client.workflow.getHandle(`replenish-${sku}-1`).fetchHistory()).events ?? [];
    const activities = events.filter((e) => e.activityTaskScheduledEventAttributes).map(summaryOf);
    const timers = events.filter((e) => e.timerStartedEventAttributes).map(summaryOf);
    // The policy chooses in workflow code: each step's summary names the turn that chose it and why.
    const steps = [...activities, ...timers].flatMap((shown) => (shown && parseDecidedStep(shown) ? [parseDecidedStep(shown)!] : []));
    expect(steps.map((x) => x.summary)).toContain(`place_order ${po} to acme-industrial, 90 units at 5.10`);
    expect(steps.map((x) => x.summary)).toContain(`request_approval ${po} at 5.10`);
    expect(steps.find((x) => x.summary === `wait_for_approval of ${po}`)?.reason).toBe('approval requested');
    expect(timers.every((t) => t !== null)).toBe(true);
    const upserts = events.filter((e) => e.upsertWorkflowSearchAttributesEventAttributes);
    expect(upserts.length).toBeGreaterThanOrEqual(3);
    expect(activities.every((a) => a !== null), JSON.stringify(activities)).toBe(true);
    // Eleven turns, each with its reason: ten ran a call or a wait, and `done` rides on the record.
    expect(new Set(steps.map((x) => x.turn))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    expect(steps.find((x) => x.turn === 11)).toMatchObject({ summary: `record ${po}`, tool: 'done' });
    expect(steps.every((x) => x.reason.length > 0)).toBe(true);
  });
});
