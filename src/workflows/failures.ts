import { ActivityFailure } from '@temporalio/workflow';

/** What went wrong in words: an activity's failure says it in its cause, anything else in itself. */
export const failureMessage = (err: unknown): string => {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
};
