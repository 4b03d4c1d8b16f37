import {
  condition, defineQuery, defineSignal, defineUpdate, executeChild, getExternalWorkflowHandle, makeContinueAsNewFunc,
  proxyActivities, setHandler, allHandlersFinished, sleep, workflowInfo,
} from '@temporalio/workflow';
import type { BaselineActivities } from './activities.js';

/**
 * The bare Temporal baseline: the same shape of work as an agent's replenishment (an entity that
 * takes each message as an Update and forwards it to a child as a signal; a child that runs the
 * same sequence of activities and timed waits) with no agent logic, no state and no world.
 */
export type Step = 'act' | 'wait' | 'signal' | 'timer';

export const bareDeliverUpdate = defineUpdate<string, [string]>('deliver');
export const bareDeliverSignal = defineSignal<[string]>('deliver');
export const bareWakeSignal = defineSignal('stock-changed');
export const bareProgressSignal = defineSignal('progress');
export const bareWaitingQuery = defineQuery<number>('waiting');
export const bareDoneQuery = defineQuery<number>('done');

const { step } = proxyActivities<BaselineActivities>({ startToCloseTimeout: '30 seconds' });

export interface BareEntityInput { id: string; plan: Step[]; waitMs: number; runs: number; done?: number; idleMs: number }

/** Entity: one check, one child at a time, an idle wait, then continue-as-new (as SkuAgent does). */
export async function BareEntity(input: BareEntityInput): Promise<number> {
  let done = input.done ?? 0;
  let child: string | null = null;
  let wake = false;
  setHandler(bareDoneQuery, () => done);
  // A wake before this run's child ends counts for the next run, as the agent's stock-changed does.
  setHandler(bareWakeSignal, () => { wake = true; });
  setHandler(bareProgressSignal, () => {});
  setHandler(bareDeliverUpdate, async (m: string) => {
    await getExternalWorkflowHandle(child!).signal(bareDeliverSignal, m);
    return child!;
  }, { validator: (_m: string) => { if (!child) throw new Error('no child running'); } });

  await step('check');
  wake = false;
  if (done < input.runs) {
    child = `bare-${input.id}-${done + 1}`;
    await executeChild(BareChild, { workflowId: child, args: [{ plan: input.plan, waitMs: input.waitMs }] });
    child = null;
    done += 1;
  }
  if (done >= input.runs) return done;
  await condition(() => wake, input.idleMs);
  await condition(allHandlersFinished);
  return makeContinueAsNewFunc<typeof BareEntity>()({ ...input, done });
}

export async function BareChild({ plan, waitMs }: { plan: Step[]; waitMs: number }): Promise<number> {
  let received = 0;
  let consumed = 0;
  let waiting = -1;
  setHandler(bareDeliverSignal, () => { received += 1; });
  setHandler(bareWaitingQuery, () => waiting);
  for (const [i, s] of plan.entries()) {
    if (s === 'act') {
      await step(`step-${i}`);
    } else if (s === 'signal') {
      await getExternalWorkflowHandle(workflowInfo().parent!.workflowId).signal(bareProgressSignal);
    } else if (s === 'timer') {
      await sleep(1);
    } else {
      waiting = i;
      await condition(() => received > consumed, waitMs);
      if (received > consumed) consumed += 1;
      waiting = -1;
    }
  }
  return consumed;
}
