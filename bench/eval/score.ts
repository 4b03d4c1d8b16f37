import type { Choice } from '../../src/activities/contract.js';
import { outcome } from '../../src/domain/outcome.js';
import { planContext, planPurchase } from '../../src/domain/purchase-plan.js';
import { initialState, type ReplenishState } from '../../src/domain/state.js';
import { addUsage, billedTokens, noUsage } from '../../src/domain/usage.js';
import type { Rules } from '../../src/domain/rules.js';
import { walk, type Decide } from '../../test/support/drive.js';
import { T0 } from '../../test/support/states.js';
import type { Scenario } from './scenarios.js';

/** Days after the start the shelf is watched for: a replenishment that never delivers is out of stock until then. */
export const HORIZON_DAYS = 30;

export interface Score {
  scenario: string;
  outcome: string;
  /** The cost of the order goods came of, against the cheapest valid plan for the same start; null when none came. */
  costRatio: number | null;
  paid: number;
  cheapest: number;
  stockOutDays: number;
  turns: number;
  tokens: number;
  refused: number;
  fallbacks: number;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const dayOf = (at: string, rules: Rules) => (Date.parse(at) - Date.parse(T0)) / rules.dayMs;

/**
 * One scenario run by one decider through the real turn (test/support/drive.ts), scored as a buyer
 * would be: how it ended, what it paid against the cheapest plan, how long the shelf stood empty
 * (goods land the quote's lead time after the order), and what the decisions cost.
 */
export async function score(scenario: Scenario, rules: Rules, decide?: Decide): Promise<Score> {
  const start = initialState(scenario.stock, 1);
  const cheapestPlan = planPurchase(scenario.quotes, planContext({ ...start, quotes: scenario.quotes }, T0));
  const { state, steps } = await walk(start, rules, scenario.script(scenario.quotes), decide ? { decide } : {});
  const choices: Choice[] = steps.map((s) => s.choice);
  const usage = choices.reduce((u, c) => (c.usage ? addUsage(u, c.usage) : u), noUsage());
  const refused = choices.reduce((n, c) => n + (c.rejected?.length ?? 0), 0) + steps.filter((s) => s.after.log.at(-1)?.result === 'refused').length;
  // The order's cost, once goods came of it (a cancelled order costs nothing but the empty shelf).
  const paid = state.received > 0 && state.po ? round(state.po.unitPrice * state.po.quantity) : 0;
  return {
    scenario: scenario.name,
    outcome: outcome(state).outcome,
    costRatio: paid && cheapestPlan ? round(paid / cheapestPlan.total) : null,
    paid,
    cheapest: cheapestPlan?.total ?? 0,
    stockOutDays: round(stockOutDays(state, scenario, rules), 1),
    turns: steps.length,
    tokens: billedTokens(usage),
    refused,
    fallbacks: choices.filter((c) => c.fallback).length,
  };
}

/** Days the shelf is empty within the horizon: from when the stock on hand runs out until goods land. */
function stockOutDays(s: ReplenishState, scenario: Scenario, rules: Rules): number {
  const demand = scenario.stock.dailyDemand ?? 0;
  if (demand <= 0) return 0;
  const onHand = s.stockRecovered ? s.stock.onHand : scenario.stock.onHand;
  const emptyAt = onHand / demand;
  const lead = s.quotes?.find((q) => q.quoteId === s.po?.quoteId)?.leadTimeDays ?? 0;
  const landed = s.received > 0 && s.orderedAt ? dayOf(s.orderedAt, rules) + lead : HORIZON_DAYS;
  // A partial delivery covers received / demand days, then the shelf is empty again until the horizon.
  const short = s.received > 0 && s.po && s.received < s.po.quantity ? Math.max(0, HORIZON_DAYS - (landed + (s.received + Math.max(0, onHand - demand * landed)) / demand)) : 0;
  return Math.max(0, Math.min(landed, HORIZON_DAYS) - emptyAt) + short;
}
