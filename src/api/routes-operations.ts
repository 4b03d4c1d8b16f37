import { addUsage, noUsage } from '../domain/usage.js';
import type { AgentFigures, Metrics } from '../metrics.js';
import type { ApprovalsWaiting } from '../records/approvals-waiting.js';
import type { Agents } from './agents.js';
import { Health, NotReady, Readiness, text, Unhealthy } from './responses.js';
import type { Api } from './schemas.js';

/** What readiness needs by default: the service can take work only with Temporal reachable and its worker polling. */
export const READINESS = ['temporal', 'worker'] as const;

/**
 * Figures of every agent, running or stopped, from the summaries each keeps in visibility, and of the
 * approvals waiting, from the inbox table: a paginated list and one query, no workflow asked (read
 * on a scrape, cached by Metrics).
 */
export async function agentFigures(
  agents: Agents, catalogue: () => Promise<string[]>, waiting: ApprovalsWaiting, now = Date.now(),
): Promise<AgentFigures> {
  const outcomes: Record<string, number> = {};
  const byStatus: Record<string, number> = { watching: 0, replenishing: 0, paused: 0, stopped: 0, error: 0 };
  let recentTokens = noUsage();
  let recentReplenishments = 0;
  for (const summary of (await agents.allSummaries(catalogue)).values()) {
    byStatus[summary.status] = (byStatus[summary.status] ?? 0) + 1;
    for (const [outcome, n] of Object.entries(summary.outcomes)) outcomes[outcome] = (outcomes[outcome] ?? 0) + (n ?? 0);
    recentTokens = addUsage(recentTokens, summary.recentTokens);
    recentReplenishments += summary.recentReplenishments;
  }
  const inbox = await waiting.summary();
  const oldest = inbox.oldestRequestedAt ? Math.min(Date.parse(inbox.oldestRequestedAt), now) : now;
  return {
    outcomes, agents: byStatus, pendingApprovals: inbox.waiting, oldestApprovalWaitSeconds: Math.max(0, (now - oldest) / 1000),
    recentTokens, recentReplenishments,
  };
}

/** Ready when every part named is up; a part the health does not report counts as down. */
export function readinessOf(health: Health, names: readonly string[] = READINESS) {
  const parts = Object.fromEntries(names.map((name) => [name, health.parts[name] ?? { ok: false, detail: 'not checked' }]));
  return { ready: Object.values(parts).every((p) => p.ok), parts };
}

/** `readiness`: the parts /ready waits for (an API replica has no worker of its own). */
export function operationRoutes(app: Api, deps: {
  health?: () => Promise<Health>;
  metrics: Metrics;
  readiness?: readonly string[];
  metricsRequireAuth?: boolean;
  /** Adds what is wrong without a part being down (runs stuck on nondeterminism) to /health. */
  withProblems?: (base: Health) => Promise<Health>;
}): void {
  app.get('/health', {
    config: { auth: 'none', rateLimit: false },
    schema: {
      summary: 'Health of every part: Temporal, worker, world', tags: ['operations'],
      response: { 200: Health.describe('all parts up'), 503: Unhealthy.describe('a part is down') },
    },
  }, async (_req, reply) => {
    const base = deps.health ? await deps.health() : { ok: true, parts: {} };
    const health = deps.withProblems ? await deps.withProblems(base) : base;
    return reply.code(health.ok ? 200 : 503).send(health);
  });

  app.get('/ready', {
    config: { auth: 'none', rateLimit: false },
    schema: {
      summary: 'Readiness: Temporal reachable and the worker polling', tags: ['operations'],
      response: { 200: Readiness.describe('ready to take work'), 503: NotReady.describe('not ready; the parts say why') },
    },
  }, async (_req, reply) => {
    if (!deps.health) return reply.send({ ready: true, parts: {} });
    const readiness = readinessOf(await deps.health(), deps.readiness);
    return reply.code(readiness.ready ? 200 : 503).send(readiness);
  });

  app.get('/metrics', {
    config: { auth: deps.metricsRequireAuth ? 'manager' : 'none', rateLimit: false },
    schema: {
      summary: 'Prometheus metrics: the service\'s figures and the Temporal worker\'s own', tags: ['operations'],
      response: { 200: text('text/plain', 'Prometheus text exposition format') },
    },
  }, async (_req, reply) => {
    const { contentType, body } = await deps.metrics.render();
    return reply.type(contentType).send(body);
  });
}
