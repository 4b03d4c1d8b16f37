import { readFileSync } from 'node:fs';
import { Worker } from '@temporalio/worker';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils.js';
import { describe, expect, inject, it } from 'vitest';
import { historiesDir } from '../support/histories.js';

const LATER_MS = 30 * 86_400_000;
const later = (iso: string) => new Date(Date.parse(iso) + LATER_MS).toISOString();

type EventJson = { eventType: string; eventTime: string; activityTaskCompletedEventAttributes?: { result?: { payloads?: { data: string }[] } } };
const events = (file: string): EventJson[] => JSON.parse(readFileSync(historiesDir + file, 'utf8')).events;
const replay = (file: string, evs: EventJson[]) =>
  Worker.runReplayHistory({ workflowBundle: { codePath: inject('workflowBundlePath') } }, historyFromJSON({ events: evs }), file);

/**
 * Every workflow task started 30 days later than recorded: what a replay sees, in the small, when a
 * task sat in a dead worker's queue and carries another time than when it first ran. Every quote in
 * these runs is valid for far less than 30 days.
 */
function tasksStartedLater(file: string): EventJson[] {
  return events(file).map((e) => (e.eventType === 'EVENT_TYPE_WORKFLOW_TASK_STARTED' ? { ...e, eventTime: later(e.eventTime) } : e));
}

/**
 * The times the run's clock is built from, recorded 30 days later: when a decide activity chose, and
 * when a tool answered (the policy's choices are made at the latter).
 */
function answersCameLater(file: string): EventJson[] {
  return events(file).map((e) => {
    const payload = e.activityTaskCompletedEventAttributes?.result?.payloads?.[0];
    // An activity that returns nothing (the record's write) completes with a payload without data.
    if (!payload?.data) return e;
    const value = JSON.parse(Buffer.from(payload.data, 'base64').toString('utf8'));
    if (typeof value?.at !== 'string') return e;
    const data = Buffer.from(JSON.stringify({ ...value, at: later(value.at) })).toString('base64');
    return { ...e, activityTaskCompletedEventAttributes: { ...e.activityTaskCompletedEventAttributes, result: { payloads: [{ ...payload, data }] } } };
  });
}

const runs = ['happy-path.replenish0.json', 'price-rose.replenish0.json', 'supplier-silent.replenish0.json', 'claude-decides.replenish0.json',
  // A supplier's desk closes its window by its timer and its lines' times, never by a task's time.
  'gathering.desk2.json', 'gathering.replenish0.json', 'gathering-manager.desk0.json'];

describe('decisions are judged by the time history records, not by when a workflow task runs', () => {
  it.each(runs)('%s replays the same with every task 30 days late', async (file) => {
    await expect(replay(file, tasksStartedLater(file))).resolves.toBeUndefined();
  });

  it.each([runs[0]!, runs[3]!])('the recorded times are what judges: %s with its answers recorded 30 days later does not replay', async (file) => {
    await expect(replay(file, answersCameLater(file))).rejects.toThrow(/[Nn]ondeterminism/);
  });
});
