import { choosePolicy } from '../../tools/policy.js';
import type { Decider } from '../contract.js';

/**
 * The policy behind the `decide` activity's interface: the model's fallback (deciders/fallback.ts),
 * the evaluations, and a run told nothing of the worker's decider call it so. A run whose agent
 * learned the worker decides by policy computes the same choice in workflow code instead.
 */
export const policyDecider: Decider = {
  name: 'policy',
  needsNoIo: true,
  decide: async (req) => choosePolicy(req),
};
