import { ActivityFailure, allHandlersFinished, ApplicationFailure, condition, log, setCurrentDetails } from '@temporalio/workflow';
import type { Choice } from '../activities/contract.js';
import { outcome } from '../domain/outcome.js';
import { isFinal, lastTurn } from '../domain/state.js';
import type { ReplenishmentResult, Turn, TurnResult, Usage } from '../domain/types.js';
import { done } from '../tools/done.js';
import { placeOrder } from '../tools/place-order.js';
import { allowedTools, waitLimits } from '../tools/index.js';
import { judge } from '../tools/turn.js';
import { failureMessage } from './failures.js';
import { ReplenishRun, type CancelMessage, type ReplenishInput } from './replenish-run.js';

export type { ReplenishInput } from './replenish-run.js';

/**
 * One replenishment: the agentic loop. Each turn releases the messages held for it, takes a
 * manager's cancellation, lets the decider pick one allowed tool, judges the choice, and runs the
 * tool as an activity or waits for a message; then records the turn. The parts it turns on (the
 * message desk, the publisher, the run's clock, the steps' I/O) are in src/workflows/replenish-run.ts.
 */
export async function Replenish(input: ReplenishInput): Promise<ReplenishmentResult> {
  const run = new ReplenishRun(input);
  const { rules, desk, clock } = run;
  run.listen();
  run.show();
  let settledBy: { turn: number; reason: string | undefined } | null = null;
  for (let turn = 1; turn <= lastTurn(run.state, rules, placeOrder.name) && !isFinal(run.state); turn++) {
    desk.releaseHeld();
    if (desk.inbox.has(['cancel'])) {
      await run.cancelByManager(desk.inbox.take(['cancel']) as CancelMessage, turn);
      break;
    }
    const at = clock.now();
    const allowed = allowedTools(run.state, rules, at);
    const names = allowed.map((t) => t.name);
    if (names.length === 0) {
      run.state = { ...run.state, failure: 'no tool is allowed in this state' };
      break;
    }
    let choice: Choice | null;
    try {
      choice = await run.decideUnlessCancelled(turn, names, waitLimits(allowed, run.state, rules, at));
    } catch (err) {
      const cause = err instanceof ActivityFailure && err.cause instanceof ApplicationFailure ? err.cause : undefined;
      const usage = (cause?.details?.[0] as { usage?: Usage } | undefined)?.usage;
      const budgetSpent = cause?.type === 'TokenBudgetExceeded';
      run.state = { ...run.state, failure: `${budgetSpent ? 'token budget spent; handed to the manager' : 'the decider failed'}: ${failureMessage(err)}` };
      run.record({ turn, at, allowed: names, tool: 'decide', result: 'error', summary: failureMessage(err), ...(usage ? { usage } : {}) });
      break;
    }
    // A cancellation came while the decider thought: its choice is dropped unread, and the turn
    // is taken again by the cancellation at the top of the loop.
    if (!choice) { turn--; continue; }
    for (const r of choice.rejected ?? []) {
      run.record({ turn, at, allowed: names, tool: r.tool, result: 'refused', summary: `attempt ${r.attempt}: ${r.why}; nothing was run` });
    }
    if (choice.fallback) await run.fellBack(turn, at, names, choice.tool, choice.fallback);
    const chosen = choice;
    const entry = (result: TurnResult, summary: string): Turn => ({
      turn, at, allowed: names, tool: chosen.tool, result, summary,
      ...(chosen.reason ? { reason: chosen.reason } : {}), ...(chosen.usage ? { usage: chosen.usage } : {}),
    });
    // The choice is judged at the time it was made, as history records it.
    clock.advance(choice.at);
    const step = judge(run.state, allowedTools(run.state, rules, clock.now()), clock.now(), choice);
    if (step.kind === 'refused') {
      run.record(entry('refused', `${step.why}; nothing was run`));
      continue;
    }
    if (step.kind === 'done') {
      run.state = { ...run.state, finished: true };
      settledBy = { turn, reason: chosen.reason };
      run.record(entry('ok', done.name));
      break;
    }
    if (step.kind === 'wait') await run.runWait(step, turn, entry, chosen.reason);
    else await run.runCall(step, turn, entry, chosen.reason);
  }
  if (!isFinal(run.state)) log.info('replenishment ran out of turns', { turns: lastTurn(run.state, rules, placeOrder.name) });
  desk.end();
  if (run.state.failure) await run.handOver(run.state.failure);
  const result = outcome(run.state);
  setCurrentDetails(`**${result.outcome}** · ${result.reason}`);
  run.show();
  // Not after the table writes' resolution: a command that waits for one falls where that resolution
  // reaches the run, which replay can place elsewhere (src/workflows/publisher.ts). The record's own
  // transaction drops a write of the open line that lands after it (src/records/published.ts).
  await run.recordPurchase(result, settledBy);
  await condition(allHandlersFinished);
  return result;
}
