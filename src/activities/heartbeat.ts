import { Context } from '@temporalio/activity';

/**
 * A worker killed mid-call says nothing; the server only notices when a timeout runs out. With a
 * heartbeat timeout that is seconds, not the call's whole start-to-close (2 minutes for the model),
 * so the retry starts on a live worker soon after the crash. The pulse comes from a timer rather than
 * from progress because every call here is one request whose progress we cannot see.
 */
export async function whileHeartbeating<T>(work: () => Promise<T>, everyMs = 1_000): Promise<T> {
  const context = Context.current();
  // No beat at the start: most calls end within the first interval and then cost no heartbeat
  // write at all (the throughput benchmark showed the difference).
  const pulse = setInterval(() => context.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(pulse);
  }
}
