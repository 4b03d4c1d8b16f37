import { BUSINESS_REFUSAL } from '../domain/world.js';

/**
 * A refusal no retry will change. Temporal's activity layer reports `error.name` as the
 * failure type, and the workflow's retry policy lists this type as non-retryable.
 */
export function businessRefusal(message: string): Error {
  const error = new Error(message);
  error.name = BUSINESS_REFUSAL;
  return error;
}

export function isBusinessRefusal(error: unknown): boolean {
  return error instanceof Error && error.name === BUSINESS_REFUSAL;
}
