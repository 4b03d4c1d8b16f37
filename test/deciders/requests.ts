import type { DecideRequest } from '../../src/activities/contract.js';
import { createClaudeDecider, type ClaudeOptions } from '../../src/activities/deciders/claude.js';
import { forDecider } from '../../src/domain/activity-input.js';
import { GOAL } from '../../src/domain/goal.js';
import { defaultRules } from '../../src/domain/rules.js';
import { initialState, type ReplenishState } from '../../src/domain/state.js';
import type { Quote } from '../../src/domain/types.js';
import { allowedTools, waitLimits } from '../../src/tools/index.js';
import type { FakeModel } from '../support/fake-model.js';

export const NOW = '2026-11-02T09:00:00.000Z';

export const quote = (supplier: string, unitPrice: number, over: Partial<Quote> = {}): Quote => ({
  quoteId: `Q-${supplier}`, supplier, unitPrice, moq: 10, leadTimeDays: 5, validUntil: '2026-11-16T09:00:00.000Z', ...over,
});

export function stateFor(sku: string, change: (s: ReplenishState) => Partial<ReplenishState> = () => ({})): ReplenishState {
  const s = initialState({ sku, onHand: 10, safetyStock: 20, targetLevel: 100, onOrder: 0 }, 1);
  return { ...s, ...change(s) };
}

/** A decide request as the workflow sends it: the allowed tools follow from the state and the rules. */
export function requestFor(state: ReplenishState, turn = state.log.length + 1, now = NOW): DecideRequest {
  const allowed = allowedTools(state, defaultRules, now);
  return { goal: GOAL, ...forDecider(state), allowed: allowed.map((t) => t.name), waits: waitLimits(allowed, state, defaultRules, now), turn, now };
}

/** A state with quotes in, so draft_purchase_order is allowed. */
export const quotedState = (sku = 'BOLT-M8') =>
  stateFor(sku, () => ({ quotes: [quote('acme-industrial', 5.1), quote('quickparts', 6.4, { moq: 5, leadTimeDays: 1 })] }));

export function claudeAt(fake: FakeModel, over: Partial<ClaudeOptions> = {}) {
  return createClaudeDecider({ apiKey: 'sk-test', model: 'claude-test', baseURL: fake.url, timeoutMs: 5_000, ...over });
}
