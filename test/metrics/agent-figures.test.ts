import { describe, expect, it } from 'vitest';
import { createMetrics, type AgentFigures } from '../../src/metrics.js';
import { noUsage } from '../../src/domain/usage.js';

const figuresWith = (pendingApprovals: number): AgentFigures => ({
  outcomes: {}, agents: { watching: 1 }, pendingApprovals, oldestApprovalWaitSeconds: 0, recentTokens: noUsage(), recentReplenishments: 0,
});

const pending = (body: string) => Number(/^replenisher_approvals_pending (\d+)/m.exec(body)?.[1]);

/** A reading of the agents that completes when the test says so, as a slow visibility scan would. */
function readings() {
  const waiting: ((f: AgentFigures) => void)[] = [];
  return {
    source: () => new Promise<AgentFigures>((resolve) => { waiting.push(resolve); }),
    started: () => waiting.length,
    finish: (n: number) => waiting.shift()!(figuresWith(n)),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Metrics whose first reading (`value`, taking `tookMs`) is served, then grows older than its 20 ms reuse. */
async function withOldReading(o: { waitMs: number; value: number; tookMs?: number }) {
  const metrics = createMetrics({ agentFiguresTtlMs: 20, agentFiguresWaitMs: o.waitMs });
  const r = readings();
  metrics.readAgents(r.source);
  if (o.tookMs) await sleep(o.tookMs);
  r.finish(o.value);
  await expect.poll(async () => pending((await metrics.render()).body)).toBe(o.value);
  await sleep(40);
  return { metrics, r };
}

describe('/metrics agent figures', () => {
  it('a scrape after the reading grew old starts the next and, when it does not come in time, gets the old one', async () => {
    const metrics = createMetrics({ agentFiguresTtlMs: 20, agentFiguresWaitMs: 50 });
    const r = readings();
    metrics.readAgents(r.source);

    // The first scrape has nothing to show yet: it waits for the first reading.
    const first = metrics.render();
    await expect.poll(r.started).toBe(1);
    r.finish(3);
    expect(pending((await first).body)).toBe(3);

    await sleep(40);
    // Old now, and the next reading does not come within the wait: the old one is served while one
    // new reading (not one per gauge) is under way.
    expect(pending((await metrics.render()).body)).toBe(3);
    expect(r.started()).toBe(1);
    expect(pending((await metrics.render()).body)).toBe(3);
    expect(r.started()).toBe(1);
    r.finish(5);
    await expect.poll(async () => pending((await metrics.render()).body)).toBe(5);
    expect((await metrics.render()).body).toMatch(/^replenisher_agent_figures_age_seconds \d/m);
  });

  it('the first reading starts when the API wires its source, so the first scrape does not pay for it', async () => {
    const metrics = createMetrics({ agentFiguresTtlMs: 5000 });
    const r = readings();
    metrics.readAgents(r.source);
    expect(r.started()).toBe(1);
    r.finish(7);
    await expect.poll(async () => pending((await metrics.render()).body)).toBe(7);
    // The scrapes took that reading: none of them started another.
    expect(r.started()).toBe(0);
  });

  it('once the reading is old, a scrape waits a moment for the next and serves it when it comes in time', async () => {
    const { metrics, r } = await withOldReading({ waitMs: 60_000, value: 1 });
    const scrape = metrics.render();
    await expect.poll(r.started).toBe(1);
    r.finish(4);
    expect(pending((await scrape).body)).toBe(4);
  });

  it('a fleet whose reading takes longer than the wait is served the old reading at once', async () => {
    // The first reading takes longer than the wait, as a scan of 10,000 agents does.
    const { metrics, r } = await withOldReading({ waitMs: 30, value: 2, tookMs: 80 });
    const scrape = metrics.render();
    await expect.poll(r.started).toBe(1);
    // The next reading comes well within the wait, and still the scrape did not wait for it.
    r.finish(6);
    expect(pending((await scrape).body)).toBe(2);
    await expect.poll(async () => pending((await metrics.render()).body)).toBe(6);
  });

  it('with no reuse time every scrape reads the agents', async () => {
    const metrics = createMetrics({ agentFiguresTtlMs: 0 });
    let n = 0;
    metrics.readAgents(async () => figuresWith(++n));
    expect(pending((await metrics.render()).body)).toBe(1);
    expect(pending((await metrics.render()).body)).toBe(2);
  });
});
