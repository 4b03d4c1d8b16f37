import { Context } from '@temporalio/activity';
import type { Usage } from '../domain/types.js';
import { addUsage, noUsage } from '../domain/usage.js';

/**
 * A worker killed mid-call says nothing; the server only notices when a timeout runs out. With a
 * heartbeat timeout that is seconds, not the call's whole start-to-close (2 minutes for the model),
 * so the retry starts on a live worker soon after the crash. The pulse comes from a timer rather than
 * from progress because every call here is one request whose progress we cannot see.
 */
export async function whileHeartbeating<T>(work: () => Promise<T>, everyMs = 1_000): Promise<T> {
  const context = Context.current();
  // No beat at the start: most calls end within the first interval and then cost no heartbeat
  // write at all (the throughput benchmark showed the difference). Each beat repeats the details
  // last given to `beat`, since the server keeps only the latest beat's.
  const pulse = setInterval(() => context.heartbeat(progress.get(context)), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(pulse);
  }
}

const progress = new WeakMap<Context, unknown>();

/**
 * Heartbeat details outlive a failed attempt: the next attempt of the same activity reads them in
 * `info.heartbeatDetails`. What an attempt must not lose (tokens already billed) goes here.
 */
export function beat(details: unknown): void {
  const context = Context.current();
  progress.set(context, details);
  context.heartbeat(details);
}

/** The model tokens earlier attempts of this activity reported with `beat({ usage })`. */
export function carriedUsage(details: unknown): Usage {
  const carried = (details as { usage?: Partial<Usage> } | undefined)?.usage;
  return carried ? addUsage(noUsage(), carried) : noUsage();
}
