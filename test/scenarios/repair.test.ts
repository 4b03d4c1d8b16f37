import { fileURLToPath } from 'node:url';
import { Worker } from '@temporalio/worker';
import proto from '@temporalio/proto';
import { describe, expect, inject, it } from 'vitest';
import { throughLastTask } from '../../src/repair/replay-prefix.js';
import { shimmedBundleFile } from '../support/shimmed-bundle.js';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

const NONDETERMINISM = proto.temporal.api.enums.v1.WorkflowTaskFailedCause.WORKFLOW_TASK_FAILED_CAUSE_NON_DETERMINISTIC_ERROR;
const oldCode = fileURLToPath(new URL('./repair/old-code.ts', import.meta.url));

/**
 * A run that today's code cannot replay (here: it placed its order under yesterday's code, which
 * waited a millisecond first) is seen by /health and repaired by resetting it to the task where it
 * diverged. The repaired run places the order again with the same idempotency key, so the supplier
 * sees one order, and the supplier's reply that came while it was stuck is applied again.
 */
describe('a replenishment that fails on nondeterminism', () => {
  it('shows on /health with the command to run, and the repair finishes it with one order', async () => {
    const stack = await startStack({ temporal: 'dev', inProcessWorker: false });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const workflowId = `replenish-${sku}-1`;
    await stack.startWorker(stack.rules, await shimmedBundleFile(oldCode));
    const request = await s.parkAtApproval();
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
    await s.phase('ordered');
    expect(await s.orders()).toHaveLength(1);

    // Today's code is deployed; the supplier's confirmation makes the run take a task, which fails.
    await stack.stopWorker();
    await stack.startWorker();
    // The run cannot judge it while it fails: the agent took it, and the sender is told it is queued.
    const queued = await s.reply(request.poNumber, 'confirm-1', 'Confirmed, shipping Friday.', { kind: 'confirmed' });
    expect([queued.status, queued.body.status]).toEqual([202, 'queued']);
    const handle = stack.client.workflow.getHandle(workflowId);
    await eventually(async () => (await handle.fetchHistory()).events ?? [],
      (events) => events.some((e) => e.workflowTaskFailedEventAttributes?.cause === NONDETERMINISM), 30_000, 'a task failed on nondeterminism');

    const health = await eventually(async () => (await stack.api('GET', '/health')).body,
      (h) => (h.stuck ?? []).some((r: { workflowId?: string }) => r.workflowId === workflowId), 30_000, '/health to name the stuck run');
    expect(health.degraded).toBe(true);
    expect(health.stuck.find((r: { workflowId?: string }) => r.workflowId === workflowId)).toMatchObject({
      reason: expect.stringMatching(/[Nn]ondeterminism/), repair: `replenisher repair ${workflowId}`,
    });

    const repaired = await stack.authed('POST', `/workflows/${workflowId}/repair`, { reason: 'deployed under a running order' });
    expect(repaired.status, JSON.stringify(repaired.body)).toBe(200);
    expect(repaired.body).toMatchObject({ workflowId, divergence: expect.stringMatching(/[Nn]ondeterminism/) });
    expect(repaired.body.newRunId).not.toBe(repaired.body.oldRunId);

    // The repaired run redoes the order with the same key, takes the reapplied confirmation, and ends.
    await s.phase('awaiting goods');
    await s.receive(request.poNumber, 'r-1', request.quantity);
    expect((await s.outcome()).outcome).toBe('received');
    const orders = await s.orders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.placeCalls, 'the repaired run asked again and was recognised').toBe(2);
    await expect(Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } },
      throughLastTask(await handle.fetchHistory()), workflowId)).resolves.toBeUndefined();
    expect((await stack.api('GET', '/health')).body.stuck).toBeUndefined();

    const again = await stack.authed('POST', `/workflows/${workflowId}/repair`, {});
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/replays with today's code; nothing to repair/);
  }, 120_000);

  it('refuses what is not a workflow of this service, and a workflow that does not exist', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const bad = await stack.authed('POST', '/workflows/not-ours/repair', {});
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/replenish-<SKU>-<n>/);
    const missing = await stack.authed('POST', '/workflows/replenish-NOPE-1/repair', {});
    expect(missing.status).toBe(404);
    const anonymous = await stack.api('POST', '/workflows/replenish-NOPE-1/repair', {});
    expect(anonymous.status).toBe(401);
  });
});
