import { readFileSync } from 'node:fs';
import type { Client } from '@temporalio/client';
import type { Logger } from 'pino';
import { Agents } from '../api/agents.js';
import { buildApp } from '../api/app.js';
import { withStuckRuns } from '../api/routes-repair.js';
import type { Security } from '../api/security.js';
import type { Env } from '../config.js';
import { agentId } from '../domain/ids.js';
import type { Rules } from '../domain/rules.js';
import type { World } from '../domain/world.js';
import type { Health } from '../api/responses.js';
import type { Metrics } from '../metrics.js';
import type { PurchaseRecords } from '../records/store.js';
import { stuckRuns } from '../repair/stuck-runs.js';
import { inboundMailOf, smtpListenerOf } from '../mail/settings.js';
import { MailLog } from '../mail/log.js';
import { listenSmtp } from '../mail/smtp-listener.js';
import { READINESS, type Role } from '../roles/role.js';
import { listenWorkerEndpoints } from '../roles/worker-endpoints.js';
import type { Stop } from './lifecycle.js';

export interface ApiParts {
  env: Env;
  role: Role;
  rules: Rules;
  client: Client;
  world: World;
  records: PurchaseRecords;
  metrics: Metrics;
  security: Security;
  health: () => Promise<Health>;
  temporalUiUrl: string;
  log: Logger;
}

/** The REST API and the manager's page on API_HOST:API_PORT. */
export async function startApi(p: ApiParts): Promise<{ stop: Stop }> {
  const app = buildApp({
    client: p.client, world: p.world, taskQueue: p.env.TEMPORAL_TASK_QUEUE, rules: p.rules, records: p.records,
    health: p.health, readiness: READINESS[p.role],
    metrics: p.metrics,
    logger: p.log.child({ part: 'api' }),
    security: p.security,
    temporalUiUrl: p.temporalUiUrl,
    inboundMail: inboundMailOf(p.env),
  });
  await app.listen({ port: p.env.API_PORT, host: p.env.API_HOST });
  p.log.info(`REST API on http://${p.env.API_HOST}:${p.env.API_PORT} (try /health, /skus, /approvals; docs at /docs, metrics at /metrics)`);
  const smtp = await startSmtpListener(p);
  return { stop: async () => { await smtp?.close(); await app.close(); } };
}

/** Supplier mail over SMTP from a relay, when INBOUND_SMTP_PORT is set; the webhook's code behind it. */
async function startSmtpListener(p: ApiParts) {
  const inbound = inboundMailOf(p.env);
  const at = smtpListenerOf(p.env);
  if (!inbound || !at) return undefined;
  const listener = await listenSmtp({
    host: at.host, port: at.port, settings: inbound, logger: p.log.child({ part: 'smtp' }),
    agents: new Agents(p.client, p.env.TEMPORAL_TASK_QUEUE, p.rules, Date.now, (id) => p.records.get(id)), world: p.world, log: new MailLog(p.records.db), records: p.records,
    manager: p.rules.manager, noticeFailed: (err) => p.log.warn({ err }, 'the manager could not be told of a held supplier mail; it is in the mail log'),
    ...(at.tls ? { tls: { cert: readFileSync(at.tls.certFile), key: readFileSync(at.tls.keyFile) } } : {}),
  });
  p.log.info(`supplier mail over SMTP on ${at.host}:${listener.port}${at.tls ? ' (STARTTLS)' : ''}`);
  return listener;
}

/** A worker alone still answers /health, /ready and /metrics; the runs it saw fail on nondeterminism show on its /health. */
export async function startWorkerEndpoints(p: Pick<ApiParts, 'env' | 'role' | 'client' | 'metrics' | 'health' | 'log'>): Promise<{ stop: Stop }> {
  const withProblems = withStuckRuns({ client: p.client, stuck: stuckRuns });
  const endpoints = await listenWorkerEndpoints({
    host: p.env.API_HOST, port: p.env.API_PORT, health: async () => withProblems(await p.health()), readiness: READINESS[p.role], metrics: p.metrics,
  });
  p.log.info(`worker endpoints on http://${p.env.API_HOST}:${p.env.API_PORT} (/health, /ready, /metrics)`);
  return { stop: () => new Promise((done) => endpoints.close(done)) };
}

/** The demo catalogue gets its agents; starting is idempotent, so a restart changes nothing. */
export async function startDemoAgents(client: Client, env: Env, rules: Rules, world: World, log: Logger, goOn: () => void): Promise<void> {
  const agents = new Agents(client, env.TEMPORAL_TASK_QUEUE, rules);
  for (const { sku } of await world.inventory()) {
    goOn();
    const { started } = await agents.start(sku);
    log.info(`${started ? 'started' : 'resumed'} ${agentId(sku)}`);
  }
}
