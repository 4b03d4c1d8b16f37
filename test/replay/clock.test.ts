import { readFileSync } from 'node:fs';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, inject, it } from 'vitest';
import { historiesDir } from '../support/histories.js';

const LATER_MS = 30 * 86_400_000;

/**
 * A history whose workflow tasks all started 30 days later than recorded: what a replay sees, in
 * the small, when a task sat in a dead worker's queue and carries another time than when it first
 * ran. Every quote in these runs is valid for far less than 30 days.
 */
function tasksStartedLater(file: string) {
  const json = JSON.parse(readFileSync(historiesDir + file, 'utf8'));
  for (const e of json.events) {
    if (e.eventType === 'EVENT_TYPE_WORKFLOW_TASK_STARTED') e.eventTime = new Date(Date.parse(e.eventTime) + LATER_MS).toISOString();
  }
  return historyFromJSON(json);
}

const replay = (file: string) =>
  Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, tasksStartedLater(file), file);

describe('decisions are judged by the time history records, not by when a workflow task runs', () => {
  it.each(['recorded-clock.happy-path.replenish0.json', 'recorded-clock.price-rose.replenish0.json', 'recorded-clock.supplier-silent.replenish0.json'])(
    '%s replays the same with every task 30 days late', async (file) => {
      await expect(replay(file)).resolves.toBeUndefined();
    },
  );

  it('a run from before the recorded clock does not: its quotes expire under a late task (why the clock exists)', async () => {
    await expect(replay('happy-path.replenish0.json')).rejects.toThrow(/[Nn]ondeterminism/);
  });
});
