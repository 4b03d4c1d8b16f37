import { createClaudeDecider } from '../../src/activities/deciders/claude.js';
import { withFallback } from '../../src/activities/deciders/fallback.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import type { Decider } from '../../src/activities/contract.js';
import { followThePlan, startFakeModel } from '../../test/support/fake-model.js';

/**
 * The deciders an evaluation can run: `policy`; `scripted`, the Claude decider against the local
 * stand-in, which follows the plan and picks the lowest unit price (so it needs no key); `claude`,
 * which needs ANTHROPIC_API_KEY. The Claude ones fall back to the policy, as the service does.
 */
export async function deciderFor(name: string): Promise<{ decider: Decider; close: () => Promise<void>; model?: string }> {
  if (name === 'policy') return { decider: policyDecider, close: async () => {} };
  if (name === 'scripted') {
    const fake = await startFakeModel([], { fallback: followThePlan, closeAfterTest: false });
    const claude = createClaudeDecider({ apiKey: 'scripted', model: 'stand-in', baseURL: fake.url, timeoutMs: 10_000 });
    return { decider: withFallback(claude, policyDecider), close: fake.close, model: 'stand-in (follows the plan, lowest unit price)' };
  }
  if (name === 'claude') {
    const apiKey = process.env.ANTHROPIC_API_KEY;
    if (!apiKey) throw new Error('--decider claude needs ANTHROPIC_API_KEY');
    const model = process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-5-5';
    const claude = createClaudeDecider({ apiKey, model, baseURL: process.env.ANTHROPIC_BASE_URL, timeoutMs: 30_000 });
    return { decider: withFallback(claude, policyDecider), close: async () => {}, model };
  }
  throw new Error(`unknown decider ${name}: policy, scripted or claude`);
}
