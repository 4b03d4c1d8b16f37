import { proxyLocalActivities, type ActivityOptions } from '@temporalio/workflow';
import type { Activities } from '../activities/contract.js';
import type { Rules } from '../domain/rules.js';
import { BUSINESS_REFUSAL } from '../domain/world.js';

/**
 * Every activity heartbeats (src/activities/heartbeat.ts), so a worker killed mid-call is noticed
 * after this, not after the whole start-to-close. Activity options are not part of what replay
 * compares, so changing them needs no patch.
 */
const CRASH_NOTICED_AFTER = '10 seconds';

/** Calls to the outside world: retried with backoff, except refusals no retry can change. */
export const toolActivity = (rules: Pick<Rules, 'toolAttempts' | 'toolRetryInitialMs'>): ActivityOptions => ({
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: CRASH_NOTICED_AFTER,
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
  heartbeatTimeout: CRASH_NOTICED_AFTER,
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    maximumAttempts: 8,
    nonRetryableErrorTypes: ['DeciderRejected', 'ModelRequestInvalid', 'TokenBudgetExceeded', 'ModelRefused', 'ModelTruncated'],
  },
};

/**
 * The agent's stock check: an unknown SKU is not retried, and an ERP that stays down for about
 * four minutes fails the check, so the agent shows why and tries again at its next check.
 */
export const stockActivity: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: CRASH_NOTICED_AFTER,
  retry: {
    initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '2 minutes', maximumAttempts: 8,
    nonRetryableErrorTypes: [BUSINESS_REFUSAL],
  },
};

/**
 * The purchasing record is the only copy of a settled replenishment once retention deletes its
 * history, so the write is retried until the database takes it (no attempt limit): a database
 * that is down holds the run open, visible as a retrying `record` activity, instead of losing it.
 */
export const recordActivity: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: CRASH_NOTICED_AFTER,
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
};

/**
 * The run's rows in the approvals inbox and the open purchase orders, writes to the service's own
 * database: local activities (a marker in history, no task of their own), retried until the
 * database takes them, as the record is.
 */
export const inboxWriter = proxyLocalActivities<Pick<Activities, 'showInInbox' | 'showOpenOrder' | 'settleOpenOrder'>>({
  startToCloseTimeout: '10 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

/**
 * A supplier desk's steps (its approval policy, its request to the manager, its consolidated order,
 * idempotent on the SPO number at the supplier): retried until they succeed (no attempt limit), and
 * only the supplier's refusal stops one. Giving up would fail the desk and leave every line it holds,
 * some perhaps ordered at the supplier, with nobody to follow them.
 */
export const deskOrderActivity: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: CRASH_NOTICED_AFTER,
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', nonRetryableErrorTypes: [BUSINESS_REFUSAL] },
};
