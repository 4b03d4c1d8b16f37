import {
  ActivityFailure, allHandlersFinished, ApplicationFailure, ChildWorkflowFailure, condition, executeChild,
  getExternalWorkflowHandle, log, makeContinueAsNewFunc, proxyActivities, setCurrentDetails, setHandler, upsertMemo, workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Activities } from '../activities/contract.js';
import {
  belowSafetyStock, emptyMemory, remember, REMEMBERED_MESSAGE_IDS, summaryOf, SUMMARY_MEMO, type AgentInput, type AgentStatus,
} from '../domain/agent.js';
import { replenishmentId } from '../domain/ids.js';
import { approvalTooLow, approverRefusal, EVENTS, phase, type Gate } from '../domain/phase.js';
import { days } from '../domain/rules.js';
import { initialState, type Message } from '../domain/state.js';
import type { ReplenishmentResult, StockLevel } from '../domain/types.js';
import {
  agentStatusQuery, deliverSignal, deliverUpdate, pauseSignal, progressSignal, resumeSignal, stockChangedSignal,
  stopSignal,
} from './messages.js';
import { stockActivity } from './options.js';
import { Replenish } from './replenish.js';
import { AGENT_STATUS, PHASE, showInSearch, SKU } from './search-attributes.js';

const failed = (sku: string, n: number, reason: string): ReplenishmentResult => ({
  sku, replenishment: n, poNumber: null, outcome: 'failed', reason, supplier: null, unitPrice: null,
  quantityOrdered: 0, quantityReceived: 0, orderedAt: null, receivedAt: null, turns: 0,
});

/**
 * The SKU's agent for its whole life. Each run checks stock once, runs at most one
 * replenishment, then continues as new carrying only a bounded memory.
 */
export async function SkuAgent(input: AgentInput): Promise<AgentStatus> {
  const { sku } = input;
  let rules = input.rules;
  let memory = input.memory ?? emptyMemory();
  let replenishments = input.replenishments ?? 0;
  const recentIds = [...(input.recentMessageIds ?? [])];
  let paused = input.paused ?? false;
  let wake = input.wake ?? false;
  let error = input.error ?? null;
  let stopping = false;
  let stock: StockLevel | null = null;
  let active: Gate | null = null;

  const status = (): AgentStatus => ({
    sku, status: stopping ? 'stopped' : active ? 'replenishing' : paused ? 'paused' : error ? 'error' : 'watching',
    active, stock, replenishments, memory, error, rules,
  });

  setHandler(agentStatusQuery, status);
  // The summary lists and figures read from visibility, published from a loop of its own whenever it
  // changes (never from a handler), and carried over continue-as-new in the memo.
  const summary = () => summaryOf(status());
  let shown = JSON.stringify(workflowInfo().memo?.[SUMMARY_MEMO] ?? null);
  void (async () => {
    for (;;) {
      await condition(() => JSON.stringify(summary()) !== shown);
      const now = summary();
      shown = JSON.stringify(now);
      upsertMemo({ [SUMMARY_MEMO]: now });
      showInSearch([{ key: AGENT_STATUS, value: now.status }]);
    }
  })();
  setHandler(stockChangedSignal, () => { wake = true; });
  setHandler(pauseSignal, () => { paused = true; });
  setHandler(resumeSignal, () => { paused = false; wake = true; });
  setHandler(stopSignal, () => { stopping = true; });
  setHandler(progressSignal, (g) => {
    if (!active || g.workflowId !== active.workflowId) return;
    // Reports are sent without waiting, so two can arrive out of order.
    if (g.seq < active.seq) return;
    active = g;
  });
  setHandler(deliverUpdate, async (m: Message) => {
    if (recentIds.includes(m.messageId)) return { status: 'duplicate' as const, workflowId: active?.workflowId ?? '' };
    const target = active!;
    recentIds.push(m.messageId);
    if (recentIds.length > REMEMBERED_MESSAGE_IDS) recentIds.splice(0, recentIds.length - REMEMBERED_MESSAGE_IDS);
    // Close the door at once: a second decision (or anything after a cancellation) must not slip
    // through before the child reports back.
    if (m.event === 'approval') active = { ...target, open: target.open.filter((e) => e !== 'approval') };
    if (m.event === 'cancel') active = { ...target, open: [], why: Object.fromEntries(EVENTS.map((e) => [e, `${m.poNumber} is being cancelled`])) };
    await getExternalWorkflowHandle(target.workflowId).signal(deliverSignal, m);
    return { status: 'delivered' as const, workflowId: target.workflowId };
  }, {
    validator: (m: Message) => {
      if (recentIds.includes(m.messageId)) return;
      if (!active) throw ApplicationFailure.nonRetryable(`no replenishment is running for ${sku}`, 'NotWaiting');
      if (active.poNumber !== m.poNumber) {
        throw ApplicationFailure.nonRetryable(`purchase order ${m.poNumber} is not the one ${sku} is working on`, 'NotWaiting');
      }
      if (!active.open.includes(m.event)) {
        throw ApplicationFailure.nonRetryable(active.why[m.event] ?? `${m.poNumber} is not waiting for ${m.event}`, 'NotWaiting');
      }
      const byApprover = m.event === 'approval' && active.approval ? approverRefusal(active.approval, m.poNumber, m.payload) : null;
      if (byApprover) throw ApplicationFailure.nonRetryable(byApprover.why, byApprover.type);
      if (m.event === 'approval' && m.payload.approved && m.payload.maxUnitPrice !== undefined && active.approval) {
        const why = approvalTooLow(active.approval, m.poNumber, m.payload.maxUnitPrice);
        if (why) throw ApplicationFailure.nonRetryable(why, 'NotWaiting');
      }
    },
  });

  if (!paused && !stopping) {
    // This check answers every wake-up so far; a signal from here on asks for another.
    wake = false;
    try {
      const checked = await proxyActivities<Activities>({ ...stockActivity, summary: `check_stock ${sku}` }).checkStock(sku);
      stock = checked.stock;
      // The rules configured now reach this agent here; a replenishment already running keeps its own.
      rules = checked.rules ?? rules;
      error = null;
    } catch (err) {
      // The agent stays, says why, and checks again on a stock change or at the next check.
      error = `the stock of ${sku} cannot be read: ${err instanceof ActivityFailure && err.cause ? err.cause.message : String(err)}`;
      log.warn('stock check failed', { sku, error });
    }
    // A pause or stop that arrived while stock was being read still holds.
    if (stock && belowSafetyStock(stock, memory) && !paused && !stopping) {
      const result = await runReplenishment(stock);
      memory = remember(memory, result, rules);
    }
  }
  // A paused agent keeps any wake-up for when it resumes instead of spinning through new runs.
  if (!stopping && (paused || !wake)) {
    setCurrentDetails(error ? `**error** · ${error}` : `**${status().status}** · on hand ${stock?.onHand ?? '?'} (safety ${stock?.safetyStock ?? '?'})`);
    await condition(() => (wake && !paused) || stopping || workflowInfo().continueAsNewSuggested, days(rules, rules.stockCheckEveryDays), {
      summary: `next stock check of ${sku} in ${rules.stockCheckEveryDays} day(s), sooner on stock-changed`,
    });
  }
  // Messages accepted by this run are forwarded before it hands over; nothing in flight is lost.
  await condition(allHandlersFinished);
  if (stopping) return status();
  const carried = summary();
  return makeContinueAsNewFunc<typeof SkuAgent>({
    typedSearchAttributes: [{ key: SKU, value: sku }, { key: AGENT_STATUS, value: carried.status }],
    memo: { [SUMMARY_MEMO]: carried },
  })({
    sku, rules, memory, replenishments, recentMessageIds: recentIds, paused, wake, error,
  });

  async function runReplenishment(level: StockLevel): Promise<ReplenishmentResult> {
    for (let attempt = 0; attempt < 5; attempt++) {
      replenishments += 1;
      const workflowId = replenishmentId(sku, replenishments);
      active = { workflowId, poNumber: null, phase: 'quoting', open: [], why: {}, seq: 0, supplier: null, approval: null };
      setCurrentDetails(`**replenishing** · ${workflowId}`);
      try {
        return await executeChild(Replenish, {
          workflowId,
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          args: [{ stock: level, replenishment: replenishments, rules, memory: { suppliers: memory.suppliers } }],
          // Listed under its SKU and phase from its first moment (the child keeps them up to date).
          typedSearchAttributes: [{ key: SKU, value: sku }, { key: PHASE, value: phase(initialState(level, replenishments)) }],
        });
      } catch (err) {
        // An id used by an earlier life of this agent (say, it was reset) just moves the counter on.
        if (err instanceof WorkflowExecutionAlreadyStartedError) continue;
        const reason = err instanceof ChildWorkflowFailure && err.cause ? err.cause.message : String(err);
        log.error('replenishment failed', { workflowId, reason });
        return failed(sku, replenishments, reason);
      } finally {
        active = null;
      }
    }
    return failed(sku, replenishments, 'could not find a free replenishment id');
  }
}
