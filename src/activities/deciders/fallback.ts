import { asyncLocalStorage } from '@temporalio/activity';
import { ApplicationFailure } from '@temporalio/common';
import type { Usage } from '../../domain/types.js';
import { decideActivity } from '../../workflows/options.js';
import type { Choice, DecideRequest, Decider } from '../contract.js';

/** Failures no retry of the model can mend: the turn is decided by the fallback instead. */
export const MODEL_GAVE_UP = ['DeciderRejected', 'ModelRequestInvalid', 'TokenBudgetExceeded', 'ModelRefused', 'ModelTruncated'] as const;

const lastAttempt = (): boolean => (asyncLocalStorage.getStore()?.info.attempt ?? 1) >= (decideActivity.retry?.maximumAttempts ?? Infinity);

/**
 * The model decides while it can; when it cannot give an acceptable choice (refused choices, a
 * refusal or truncated answer, a request the API will not take, the budget spent, or an outage
 * that outlasts the decide's last retry), the fallback decides this turn. The choice says so, with
 * what the model spent on the way, and the workflow logs it as a `fallback` turn.
 */
export function withFallback(primary: Decider, fallback: Decider): Decider {
  async function decide(req: DecideRequest): Promise<Choice> {
    try {
      return await primary.decide(req);
    } catch (err) {
      if (!(err instanceof ApplicationFailure)) throw err;
      const gaveUp = (MODEL_GAVE_UP as readonly string[]).includes(err.type ?? '') || (!err.nonRetryable && lastAttempt());
      if (!gaveUp) throw err;
      const spent = err.details?.[0] as { usage?: Usage; rejected?: Choice['rejected'] } | undefined;
      const choice = await fallback.decide(req);
      return {
        ...choice,
        ...(spent?.usage ? { usage: spent.usage } : {}),
        ...(spent?.rejected?.length ? { rejected: spent.rejected } : {}),
        fallback: { decider: fallback.name, why: err.message },
      };
    }
  }
  return { name: primary.name, decide };
}
