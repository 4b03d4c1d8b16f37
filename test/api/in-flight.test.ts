import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { waitForHandlersOnClose } from '../../src/api/in-flight.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A server whose one route works for `ms` after its caller may have gone. */
async function slowServer(ms: number, maxWaitMs?: number) {
  const app = Fastify();
  waitForHandlersOnClose(app, maxWaitMs);
  const log: string[] = [];
  app.get('/slow', async () => {
    log.push('started');
    await sleep(ms);
    log.push('finished');
    return { ok: true };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, log };
}

describe('closing the API waits for handlers still at work', () => {
  it('a caller that hung up does not let close() return before its handler is done', async () => {
    const { app, url, log } = await slowServer(400);
    const caller = new AbortController();
    const call = fetch(`${url}/slow`, { signal: caller.signal }).catch(() => 'aborted');
    while (!log.includes('started')) await sleep(5);
    caller.abort();
    expect(await call).toBe('aborted');
    await app.close();
    log.push('closed');
    expect(log).toEqual(['started', 'finished', 'closed']);
  });

  it('a handler that never ends holds close() only as long as allowed', async () => {
    const { app, url, log } = await slowServer(3_000, 200);
    const caller = new AbortController();
    const call = fetch(`${url}/slow`, { signal: caller.signal }).catch(() => 'aborted');
    while (!log.includes('started')) await sleep(5);
    caller.abort();
    await call;
    const t = Date.now();
    await app.close();
    expect(Date.now() - t).toBeGreaterThanOrEqual(150);
    expect(Date.now() - t).toBeLessThan(2_000);
    expect(log).toEqual(['started']);
  });
});
