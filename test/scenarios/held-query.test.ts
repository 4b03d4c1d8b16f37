import { describe, expect, it } from 'vitest';
import { Agents } from '../../src/api/agents.js';
import { HttpError } from '../../src/api/errors.js';
import type { Message } from '../../src/domain/state.js';
import { deliverSignal } from '../../src/workflows/messages.js';
import { kill, startExternalWorker } from '../support/external-worker.js';
import { afterThisFile, startStack } from '../support/stack.js';
import { story } from './story.js';

/**
 * Reads of one replenishment query it. While its next step waits for a worker the server holds the
 * query with the task; the API does not hang the reader but answers 503 with Retry-After. (The
 * grouping hazard such a query once caused is refused by the workflow itself:
 * test/replay/query-during-outage.test.ts.)
 */
describe('reading a replenishment whose next step waits for a worker', () => {
  it('is refused with a 503 and Retry-After while the task waits, and answered once a worker took it', async () => {
    const stack = await startStack({ temporal: 'dev', inProcessWorker: false, cleanup: afterThisFile });
    const sku = stack.newSku();
    const s = story(stack, sku);
    let worker = await startExternalWorker(stack);
    const request = await s.parkAtApproval();
    await kill(worker);

    // A message straight to the run gives it a workflow task that no worker takes.
    const receipt = {
      event: 'goods-receipt', poNumber: request.poNumber, messageId: 'early-receipt', payload: { receiptId: 'r-0', quantity: 1 },
      at: new Date().toISOString(),
    } as unknown as Message;
    await stack.client.workflow.getHandle(`replenish-${sku}-1`).signal(deliverSignal, receipt);

    // What every read of a replenishment goes through (the SKU page, the CLI's show): held back,
    // with the reason and when to try again.
    const agents = new Agents(stack.client, stack.taskQueue, stack.rules);
    const held = await agents.replenishment(`replenish-${sku}-1`).then(() => null, (err: unknown) => err);
    expect(held).toBeInstanceOf(HttpError);
    expect(held).toMatchObject({ status: 503, headers: { 'retry-after': '3' } });
    expect((held as HttpError).message).toMatch(new RegExp(`replenish-${sku}-1 did not answer within 5 s`));

    worker = await startExternalWorker(stack);
    const seen = await s.waitingIn('wait_for_approval');
    expect(seen.replenishment.notes.join('\n')).toMatch(/goods-receipt early-receipt held: .*has not been placed/);
    await kill(worker);
  });
});
