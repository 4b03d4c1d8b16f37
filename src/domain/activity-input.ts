import type { ReplenishState } from './state.js';
import type { Turn, Usage } from './types.js';
import { usageOfLog } from './usage.js';

/** How many of the last turns the decider is shown, and how long each line may be. */
export const RECENT_TURNS = 6;
export const RECENT_SUMMARY_CHARS = 200;

/** One line of the decision log as the decider sees it. */
export type RecentTurn = Pick<Turn, 'turn' | 'tool' | 'result' | 'summary'>;

/**
 * The state an activity is given: everything but the turn log, which only the workflow reads.
 * Activity inputs are written into history once per call, so a log inside them grows the history
 * with the square of the turns.
 */
export const withoutLog = (s: ReplenishState): ReplenishState => (s.log.length ? { ...s, log: [] } : s);

/**
 * What the decider is given of a state: the state without its log, a bounded summary of the last
 * turns (what the prompt shows), and the tokens the log has spent (what the budget counts).
 */
export function forDecider(s: ReplenishState): { state: ReplenishState; recent: RecentTurn[]; spent: Usage } {
  const recent = s.log.slice(-RECENT_TURNS).map(({ turn, tool, result, summary }) => ({
    turn, tool, result, summary: summary.length <= RECENT_SUMMARY_CHARS ? summary : summary.slice(0, RECENT_SUMMARY_CHARS),
  }));
  return { state: withoutLog(s), recent, spent: usageOfLog(s.log) };
}
