import { describe, expect, it } from 'vitest';
import { startExternalWorker, kill } from '../support/external-worker.js';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

/** How many times each activity was scheduled and started, from the workflow's own history. */
async function activityRuns(stack: Awaited<ReturnType<typeof startStack>>, workflowId: string) {
  const history = await stack.client.workflow.getHandle(workflowId).fetchHistory();
  const scheduled: Record<string, number> = {};
  for (const e of history.events ?? []) {
    const id = e.activityTaskScheduledEventAttributes?.activityId;
    if (id) scheduled[id] = (scheduled[id] ?? 0) + 1;
  }
  return scheduled;
}

describe('a worker crash during a wait', () => {
  it('killed while the approval waits, the agent repeats nothing before the wait and still completes on approval', async () => {
    const stack = await startStack({ temporal: 'dev', inProcessWorker: false });
    const sku = stack.newSku();
    const s = story(stack, sku);
    let worker = await startExternalWorker(stack);
    const request = await s.parkAtApproval();
    const workflowId = `replenish-${sku}-1`;
    const before = await activityRuns(stack, workflowId);

    await kill(worker);
    worker = await startExternalWorker(stack);

    const res = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    await s.phase('ordered');

    const after = await activityRuns(stack, workflowId);
    for (const id of ['get_quotes-1', 'draft_purchase_order-2', 'request_approval-3']) {
      expect(before[id], id).toBe(1);
      expect(after[id], id).toBe(1);
    }
    const asks = (await stack.sandbox.http('GET', '/notifications')).body.items.filter((n: { sku?: string }) => n.sku === sku);
    expect(asks).toHaveLength(1);
    expect(await s.orders()).toHaveLength(1);

    await s.reply(request.poNumber, 'c-1', 'Confirmed.', { kind: 'confirmed' });
    await s.phase('awaiting goods');
    await s.receive(request.poNumber, 'r-1', request.quantity);
    expect((await s.outcome()).outcome).toBe('received');
    await s.keep('worker-crash');
  });

  it('killed during a supplier call, the call is retried once its heartbeat stops, not after its whole timeout', async () => {
    const stack = await startStack({ temporal: 'dev', inProcessWorker: false });
    const sku = stack.newSku();
    const s = story(stack, sku);
    let worker = await startExternalWorker(stack);
    // The quote request hangs longer than its start-to-close, so only the heartbeat can end it early.
    await stack.sandbox.http('PUT', '/faults', { endpoint: 'quotes', latencyMs: 120_000 });
    await s.startAgent();
    const workflowId = `replenish-${sku}-1`;
    await eventually(
      async () => (await stack.client.workflow.getHandle(workflowId).describe().catch(() => null))?.raw.pendingActivities ?? [],
      (pending) => pending.some((a) => a.activityId === 'get_quotes-1' && [2, 'PENDING_ACTIVITY_STATE_STARTED'].includes(a.state as never)),
      30_000, 'the quote request to be running',
    );

    await kill(worker);
    await stack.sandbox.http('DELETE', '/faults');
    worker = await startExternalWorker(stack);
    await s.approvalRequest();

    const history = await stack.client.workflow.getHandle(workflowId).fetchHistory();
    const scheduled = history.events!.find((e) => e.activityTaskScheduledEventAttributes?.activityId === 'get_quotes-1')!;
    const started = history.events!.find((e) => e.activityTaskStartedEventAttributes?.scheduledEventId?.toString() === scheduled.eventId!.toString())!;
    expect(started.activityTaskStartedEventAttributes!.attempt).toBe(2);
    // TimeoutType 4 is HEARTBEAT; without heartbeats this would be 1, START_TO_CLOSE.
    expect(started.activityTaskStartedEventAttributes!.lastFailure?.timeoutFailureInfo?.timeoutType).toBe(4);
  });
});
