import type { Turn, Usage } from './types.js';

export const noUsage = (): Usage => ({ input: 0, written: 0, cached: 0, output: 0 });

export const addUsage = (a: Usage, b: Partial<Usage>): Usage => ({
  input: a.input + (b.input ?? 0),
  written: a.written + (b.written ?? 0),
  cached: a.cached + (b.cached ?? 0),
  output: a.output + (b.output ?? 0),
});

export const subtractUsage = (a: Usage, b: Usage): Usage =>
  ({ input: a.input - b.input, written: a.written - b.written, cached: a.cached - b.cached, output: a.output - b.output });

/** Every token the API bills, whatever its price: what a token budget counts. */
export const billedTokens = (u: Partial<Usage>): number => (u.input ?? 0) + (u.written ?? 0) + (u.cached ?? 0) + (u.output ?? 0);

/** The tokens of a decision log, refused and failed decides included (their turns carry what they spent). */
export const usageOfLog = (log: readonly Turn[]): Usage =>
  log.reduce((sum, t) => (t.usage ? addUsage(sum, t.usage) : sum), noUsage());
