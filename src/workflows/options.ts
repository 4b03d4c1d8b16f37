import type { ActivityOptions } from '@temporalio/workflow';
import type { Rules } from '../domain/rules.js';
import { BUSINESS_REFUSAL } from '../domain/world.js';

/** Calls to the outside world: retried with backoff, except refusals no retry can change. */
export const toolActivity = (rules: Pick<Rules, 'toolAttempts' | 'toolRetryInitialMs'>): ActivityOptions => ({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: rules.toolRetryInitialMs,
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    maximumAttempts: rules.toolAttempts,
    nonRetryableErrorTypes: [BUSINESS_REFUSAL, 'InvalidToolInput'],
  },
});

/** The model's choice. A hung call is cut by the timeout; 4xx from the model API are not retried. */
export const decideActivity: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 8,
    nonRetryableErrorTypes: ['DeciderRejected', 'ModelRequestInvalid', 'TokenBudgetExceeded'],
  },
};

export const stockActivity: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '5 minutes' },
};
