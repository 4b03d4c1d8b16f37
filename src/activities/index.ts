import { ApplicationFailure, Context } from '@temporalio/activity';
import { committedSpend, purchaseRecord } from '../domain/purchase-record.js';
import { currencyOf, type Rules } from '../domain/rules.js';
import type { ReplyReader, World } from '../domain/world.js';
import { BUSINESS_REFUSAL } from '../domain/world.js';
import type { Usage } from '../domain/types.js';
import { subtractUsage } from '../domain/usage.js';
import type { ActivityMetrics } from '../metrics.js';
import type { PurchaseRecords } from '../records/store.js';
import { toolByName } from '../tools/index.js';
import { agreementDesk } from './agreements.js';
import { consultApprovalPolicy } from './approval-policy.js';
import type { Activities, Decider, DeskActivities, RunToolRequest } from './contract.js';
import { createDeskActivities } from './supplier-desk.js';
import type { SupplierDesks } from '../tools/tool.js';
import { carriedUsage, whileHeartbeating } from './heartbeat.js';

export interface ActivityDeps {
  world: World;
  reader: ReplyReader;
  decider: Decider;
  /** Decide latency and tokens, tool calls by result (Prometheus, src/metrics.ts). */
  metrics?: ActivityMetrics;
  /** The rules configured now; agents take them at their next stock check. */
  rules?: Rules;
  /** The purchasing record (SQLite or PostgreSQL), which outlives Temporal's retention. */
  records: PurchaseRecords;
  /** The suppliers' desks (src/activities/supplier-desks.ts); absent, no line can join one. */
  desks?: SupplierDesks;
}

const usageOfFailure = (err: unknown): Usage | undefined =>
  ((err as { details?: unknown[] } | null)?.details?.[0] as { usage?: Usage } | undefined)?.usage;

/** Activities close over their dependencies, so tests and production wire different worlds. */
export function createActivities({ world, reader, decider, metrics, rules: configured, records, desks }: ActivityDeps): Activities & DeskActivities {
  const approvalPolicy = consultApprovalPolicy(records);
  const agreements = agreementDesk(records.agreements);
  return {
    ...createDeskActivities({ world, records }),
    async decide(req) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      // A decider's usage includes what earlier attempts carried in their heartbeats; the metrics
      // counted those when they happened, so this attempt adds only its own.
      const before = carriedUsage(Context.current().info.heartbeatDetails);
      const own = (usage: Usage | undefined) => (usage ? { usage: subtractUsage(usage, before) } : {});
      try {
        const choice = { ...(await whileHeartbeating(() => decider.decide(req))), at: new Date().toISOString() };
        metrics?.decided({ decider: decider.name, seconds: seconds(), ok: true, ...own(choice.usage) });
        return choice;
      } catch (err) {
        metrics?.decided({ decider: decider.name, seconds: seconds(), ok: false, ...own(usageOfFailure(err)) });
        throw err;
      }
    },

    async runTool({ tool: name, input, state, rules, idempotencyKey }: RunToolRequest) {
      const tool = toolByName(name);
      if (!tool || tool.kind !== 'call') {
        throw ApplicationFailure.nonRetryable(`${name} is not a tool that runs`, 'InvalidToolInput');
      }
      const parsed = tool.input.safeParse(input);
      if (!parsed.success) throw ApplicationFailure.nonRetryable(`invalid input for ${name}: ${parsed.error.message}`, 'InvalidToolInput');
      Context.current().log.info('running tool', { tool: name, idempotencyKey, attempt: Context.current().info.attempt });
      try {
        const result = await whileHeartbeating(() => tool.execute(parsed.data, state, { world, reader, rules: rules as Rules, idempotencyKey, approvalPolicy, agreements, ...(desks ? { desks } : {}) }));
        metrics?.toolRan(name, 'ok');
        return { result, at: new Date().toISOString() };
      } catch (err) {
        if (err instanceof Error && err.name === BUSINESS_REFUSAL) {
          metrics?.toolRan(name, 'refused');
          throw ApplicationFailure.create({ message: err.message, type: BUSINESS_REFUSAL, nonRetryable: true, details: [{ at: new Date().toISOString() }] });
        }
        metrics?.toolRan(name, 'failed');
        throw err;
      }
    },

    async checkStock(sku) {
      try {
        const stock = await whileHeartbeating(() => world.stock(sku));
        return { stock, ...(configured ? { rules: configured } : {}), ...(decider.needsNoIo ? { policyDecides: true as const } : {}) };
      } catch (err) {
        if (err instanceof Error && err.name === BUSINESS_REFUSAL) throw ApplicationFailure.nonRetryable(err.message, BUSINESS_REFUSAL);
        throw err;
      }
    },

    notifyManager: ({ state, rules, subject, body }) =>
      whileHeartbeating(() => world.notify({ to: rules.manager, subject, body, sku: state.sku, ...(state.po ? { poNumber: state.po.poNumber } : {}) })),

    async recordPurchase({ state, result, rules }) {
      const { workflowExecution, scheduledTimestampMs } = Context.current().info;
      if (!workflowExecution) throw ApplicationFailure.nonRetryable('recordPurchase records a replenishment: it runs from its workflow only', 'InvalidToolInput');
      // The first attempt's schedule time: every retry builds the same record.
      const record = purchaseRecord({
        replenishmentId: workflowExecution.workflowId, runId: workflowExecution.runId, state, result,
        currency: currencyOf(rules), settledAt: new Date(scheduledTimestampMs).toISOString(),
      });
      await whileHeartbeating(async () => {
        await records.save(record);
        // What approvals by rule reserved, and agreements gave, for POs this run did not order goes back.
        const ordered = committedSpend(record) ? record.poNumber : null;
        await records.budget.release(record.replenishmentId, ordered);
        await records.agreements.release(record.replenishmentId, ordered);
      });
    },

    showInInbox: (entry) => records.waiting.show(entry),
    showOpenOrder: (entry) => records.open.show(entry),

    async settleOpenOrder({ workflowId, reason }) {
      const record = await records.settleOpen(workflowId, reason, new Date().toISOString());
      // As recordPurchase does: what the policy reserved for a PO that was never ordered goes back.
      const ordered = record && committedSpend(record) ? record.poNumber : null;
      await records.budget.release(workflowId, ordered);
      await records.agreements.release(workflowId, ordered);
    },
  };
}
