import type { Logger } from 'pino';
import type { Env } from '../../config.js';
import type { Decider } from '../contract.js';
import { createClaudeDecider } from './claude.js';
import { withFallback } from './fallback.js';
import { policyDecider } from './policy.js';

/** Which decider runs: Claude when asked for, or when a key is set and DECIDER is not; else the policy. */
export function selectDecider(env: Env, log: Logger): Decider {
  const wantClaude = env.DECIDER === 'claude' || (env.DECIDER === undefined && env.ANTHROPIC_API_KEY !== undefined);
  if (!wantClaude) {
    log.info(env.DECIDER === 'policy' ? 'decider: policy (DECIDER=policy)' : 'decider: policy (no ANTHROPIC_API_KEY set)');
    return policyDecider;
  }
  if (!env.ANTHROPIC_API_KEY) throw new Error('DECIDER=claude needs ANTHROPIC_API_KEY');
  const why = env.DECIDER === 'claude' ? 'DECIDER=claude' : 'ANTHROPIC_API_KEY is set';
  log.info(
    {
      model: env.ANTHROPIC_MODEL, baseURL: env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com', timeoutMs: env.ANTHROPIC_TIMEOUT_MS,
      tokenBudget: env.TOKEN_BUDGET ?? null, fallback: env.DECIDER_FALLBACK,
    },
    `decider: claude (${why}), model ${env.ANTHROPIC_MODEL}, falling back to the ${env.DECIDER_FALLBACK}`,
  );
  const claude = createClaudeDecider({
    apiKey: env.ANTHROPIC_API_KEY,
    model: env.ANTHROPIC_MODEL,
    baseURL: env.ANTHROPIC_BASE_URL,
    timeoutMs: env.ANTHROPIC_TIMEOUT_MS,
    tokenBudget: env.TOKEN_BUDGET,
  });
  return env.DECIDER_FALLBACK === 'policy' ? withFallback(claude, policyDecider) : claude;
}
