import type { Logger } from 'pino';
import type { Env } from '../../config.js';
import type { Decider } from '../contract.js';
import { policyDecider } from './policy.js';

/** Which decider runs: the policy decider unless configuration asks for a model. */
export function selectDecider(env: Env, log: Logger): Decider {
  if (env.DECIDER === 'claude') {
    log.warn('DECIDER=claude is not available in this build; using the policy decider');
  }
  return policyDecider;
}
