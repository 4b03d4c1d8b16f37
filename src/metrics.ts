import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Usage } from './domain/types.js';

/** Figures read from the agents themselves (their status queries) when Prometheus scrapes. */
export interface AgentFigures {
  /** Finished replenishments by outcome: the sum of every running agent's lifetime tally. */
  outcomes: Record<string, number>;
  agents: Record<string, number>;
  pendingApprovals: number;
  /** How long the oldest pending approval has waited, in seconds; 0 when none waits. */
  oldestApprovalWaitSeconds: number;
  /** Model tokens of the replenishments the agents remember (their last few each), and how many those are. */
  recentTokens: Usage;
  recentReplenishments: number;
}

/** The metric label of each kind of token: each is billed at its own price. */
const TOKEN_KINDS = { input: 'input', written: 'cache_write', cached: 'cache_read', output: 'output' } as const;

/** What the activities report; the worker side of the figures. */
export interface ActivityMetrics {
  decided(o: { decider: string; seconds: number; ok: boolean; usage?: Usage }): void;
  toolRan(tool: string, result: 'ok' | 'refused' | 'failed'): void;
}

export interface MetricsOptions {
  /** Where the Temporal worker's own Prometheus exporter listens (Runtime telemetry); merged into `render()`. */
  workerMetricsUrl?: string;
  /** Node's process metrics (heap, event loop lag, GC); once per process. */
  processMetrics?: boolean;
  /** How long a reading of the agents is fresh; a scrape after it starts the next (0: every scrape reads). */
  agentFiguresTtlMs?: number;
  /** How long a scrape waits for that next reading before it is answered with the old one. */
  agentFiguresWaitMs?: number;
}

export interface Metrics extends ActivityMetrics {
  registry: Registry;
  /** Where agent figures come from (the API wires its view of the agents here). */
  readAgents(source: () => Promise<AgentFigures>): void;
  /** The service's figures, followed by the Temporal worker's when its exporter is configured. */
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(opts: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (opts.processMetrics) collectDefaultMetrics({ register: registry });
  const ttl = opts.agentFiguresTtlMs ?? 5000;
  // Well under a scraper's patience and the 500 ms aim (docs/benchmarks.md): a small fleet's reading (tens of ms)
  // still comes within it; at 10,000 agents the first scrape after the fleet grew waited a full 1 s.
  const wait = opts.agentFiguresWaitMs ?? 250;

  const decideSeconds = new Histogram({
    name: 'replenisher_decide_duration_seconds',
    help: 'Duration of one decide activity attempt (the model choosing the next tool; the policy chooses in workflow code, with no activity)',
    labelNames: ['decider', 'result'] as const,
    buckets: [0.005, 0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'replenisher_decide_tokens_total',
    help: 'Model tokens billed to decide calls, failed attempts included, by kind (input, cache_write, cache_read, output)',
    labelNames: ['decider', 'kind'] as const,
    registers: [registry],
  });
  const tools = new Counter({
    name: 'replenisher_tool_calls_total',
    help: 'Tool activity attempts by tool and result (refused: a business refusal; failed: retryable error)',
    labelNames: ['tool', 'result'] as const,
    registers: [registry],
  });

  let source: (() => Promise<AgentFigures>) | null = null;
  let last: { at: number; took: number; figures: AgentFigures | null } | null = null;
  let refreshing: Promise<AgentFigures | null> | null = null;
  const refresh = (from: () => Promise<AgentFigures>): Promise<AgentFigures | null> => {
    const began = Date.now();
    refreshing ??= from().catch(() => null).then((figures) => {
      if (source === from) last = { at: Date.now(), took: Date.now() - began, figures };
      refreshing = null;
      return figures;
    });
    return refreshing;
  };
  // A scrape never waits long for a reading of every agent (seconds at 10,000 agents, past a
  // scraper's timeout): a small fleet's next reading comes within `wait` and is served fresh; a large
  // one's is taken in the background while the old one is served.
  const figures = async (): Promise<AgentFigures | null> => {
    if (!source) return null;
    if (!last || ttl === 0) return refresh(source);
    if (Date.now() - last.at <= ttl) return last.figures;
    const old = last.figures;
    const next = refresh(source);
    // A reading that took longer than the wait last time will again: no use waiting for it.
    if (last.took > wait) return old;
    const late = new Promise<'late'>((r) => setTimeout(() => r('late'), wait).unref());
    const first = await Promise.race([next, late]);
    return first === 'late' ? old : first;
  };

  new Gauge({
    name: 'replenisher_agent_figures_up',
    help: '1 when the agents answered the last reading of their figures, 0 when they could not be read',
    registers: [registry],
    async collect() { this.set((await figures()) ? 1 : 0); },
  });
  new Gauge({
    name: 'replenisher_agent_figures_age_seconds',
    help: 'Age of the reading of the agents the agent figures come from (read again in the background once older than its reuse time)',
    registers: [registry],
    async collect() {
      await figures();
      if (last) this.set((Date.now() - last.at) / 1000);
    },
  });
  const fromAgents = (name: string, help: string, labelNames: string[], read: (f: AgentFigures) => [Record<string, string>, number][]) =>
    new Gauge({
      name, help, labelNames, registers: [registry],
      async collect() {
        this.reset();
        const f = await figures();
        if (f) for (const [labels, value] of read(f)) this.set(labels, value);
      },
    });
  fromAgents('replenisher_replenishments', 'Finished replenishments by outcome, as the running agents remember them (a lifetime tally per SKU)',
    ['outcome'], (f) => Object.entries(f.outcomes).map(([outcome, n]) => [{ outcome }, n]));
  fromAgents('replenisher_agents', 'Agents by status (watching, replenishing, paused, stopped, error)',
    ['status'], (f) => Object.entries(f.agents).map(([status, n]) => [{ status }, n]));
  fromAgents('replenisher_approvals_pending', 'Purchase orders waiting for the manager\'s decision',
    [], (f) => [[{}, f.pendingApprovals]]);
  fromAgents('replenisher_replenishment_tokens', 'Model tokens per replenishment by kind, the mean over the replenishments the agents remember (the last 10 of each)',
    ['kind'], (f) => Object.entries(TOKEN_KINDS).map(([field, kind]) =>
      [{ kind }, f.recentReplenishments ? f.recentTokens[field as keyof Usage] / f.recentReplenishments : 0]));
  fromAgents('replenisher_approval_oldest_wait_seconds', 'How long the oldest pending approval has waited',
    [], (f) => [[{}, f.oldestApprovalWaitSeconds]]);

  async function workerMetrics(): Promise<string> {
    if (!opts.workerMetricsUrl) return '';
    try {
      const res = await fetch(opts.workerMetricsUrl, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      return await res.text();
    } catch (err) {
      return `# the Temporal worker's metrics at ${opts.workerMetricsUrl} could not be read: ${err instanceof Error ? err.message : String(err)}\n`;
    }
  }

  return {
    registry,
    decided({ decider, seconds, ok, usage }) {
      decideSeconds.observe({ decider, result: ok ? 'ok' : 'error' }, seconds);
      if (!usage) return;
      for (const [field, kind] of Object.entries(TOKEN_KINDS)) tokens.inc({ decider, kind }, usage[field as keyof Usage]);
    },
    toolRan(tool, result) {
      tools.inc({ tool, result });
    },
    readAgents(s) {
      source = s;
      last = null;
      // The first reading starts now, so the first scrape does not wait for it either.
      if (ttl > 0) void refresh(s);
    },
    async render() {
      const [own, worker] = await Promise.all([registry.metrics(), workerMetrics()]);
      return { contentType: registry.contentType, body: worker ? `${own}\n${worker}` : own };
    },
  };
}
