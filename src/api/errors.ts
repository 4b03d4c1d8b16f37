import type { z } from 'zod';

/** An error the API answers with its own status and message instead of a 500. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

/** Validates a request part and names the field and the reason when it is wrong. */
export function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : where;
  throw new HttpError(400, `${where === 'body' && issue.path.length ? '' : `${where}: `}${field}: ${issue.message}`.replace(/^: /, ''));
}
