import { choosePolicy } from '../../tools/policy.js';
import type { Decider } from '../contract.js';

/**
 * The policy as an activity: how a run decides when it was started before the policy was computed
 * in workflow code, and how the evaluation and fallback paths call it.
 */
export const policyDecider: Decider = {
  name: 'policy',
  needsNoIo: true,
  decide: async (req) => choosePolicy(req),
};
