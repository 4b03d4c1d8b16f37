import {
  ActivityFailure, allHandlersFinished, ApplicationFailure, ChildWorkflowFailure, condition, currentUpdateInfo, executeChild,
  getExternalWorkflowHandle, log, makeContinueAsNewFunc, proxyActivities, setCurrentDetails, setHandler, upsertMemo, workflowInfo,
} from '@temporalio/workflow';
import { WorkflowExecutionAlreadyStartedError } from '@temporalio/common';
import type { Activities } from '../activities/contract.js';
import {
  belowSafetyStock, emptyMemory, remember, REMEMBERED_MESSAGE_IDS, summaryOf, SUMMARY_MEMO, type ActiveReplenishment, type AgentInput,
  type AgentStatus, type RememberedMessage,
} from '../domain/agent.js';
import { parsePoNumber, replenishmentId } from '../domain/ids.js';
import { digestOf, repeatOf, reusedIdWhy } from '../domain/message-digest.js';
import { phase } from '../domain/phase.js';
import { days, policyOf } from '../domain/rules.js';
import { initialState, type Message } from '../domain/state.js';
import type { ReplenishmentResult, StockLevel } from '../domain/types.js';
import {
  agentStatusQuery, deliverSignal, deliverUpdate, pauseSignal, resumeSignal, stockChangedSignal, stopSignal, verdictSignal,
  type Verdict,
} from './messages.js';
import { inboxWriter, stockActivity } from './options.js';
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
  const recent: RememberedMessage[] = [...(input.recentMessages ?? [])];
  let paused = input.paused ?? false;
  let wake = input.wake ?? false;
  let error = input.error ?? null;
  let stopping = false;
  let stock: StockLevel | null = null;
  let active: ActiveReplenishment | null = null;
  /** What the last stock check said of the worker's decider: the policy's choices are made in the run's own code. */
  let policyDecides = false;
  /** Verdicts of the running replenishment, by the id of the Update waiting for each (null: not yet). */
  const verdicts = new Map<string, Verdict | null>();
  const notWaiting = (why: string) => ApplicationFailure.nonRetryable(why, 'NotWaiting');
  /** The same message again (true), another under an id already used (a refusal), or a new one (false). */
  const seenBefore = (m: Message): boolean => {
    const repeat = repeatOf(recent.find((r) => r.id === m.messageId)?.digest, m);
    if (repeat === 'different') throw notWaiting(reusedIdWhy(m));
    return repeat === 'same';
  };

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
  setHandler(verdictSignal, ({ ref, verdict }) => {
    // A verdict nobody waits for (a reset run answering again) changes nothing.
    if (verdicts.has(ref)) verdicts.set(ref, verdict);
  });
  // The agent refuses at once only what it knows for sure; the run judges everything else on its own
  // state, once, and its verdict is this Update's answer.
  setHandler(deliverUpdate, async (m: Message) => {
    // A repeat of a message delivered before is a duplicate even after its run ended (a retried HTTP
    // call): the agent remembers the last ids across continue-as-new; the run's own check is for replays.
    if (seenBefore(m)) return { status: 'duplicate' as const, workflowId: active?.workflowId ?? '' };
    const target = active!.workflowId;
    const ref = currentUpdateInfo()!.id;
    verdicts.set(ref, null);
    try {
      await getExternalWorkflowHandle(target).signal(deliverSignal, m, ref);
    } catch {
      verdicts.delete(ref);
      throw notWaiting(`${m.poNumber} takes no more messages: replenishment ${target} has already ended`);
    }
    // The run answers before it ends; its end with no answer means the message never reached it.
    await condition(() => verdicts.get(ref) !== null || active?.workflowId !== target);
    const verdict = verdicts.get(ref) ?? null;
    verdicts.delete(ref);
    if (!verdict) throw notWaiting(`${m.poNumber} takes no more messages: replenishment ${target} has already ended without reading this ${m.event}`);
    if (verdict.status === 'refused') throw ApplicationFailure.nonRetryable(verdict.why, verdict.type);
    if (verdict.status !== 'duplicate') {
      recent.push({ id: m.messageId, digest: digestOf(m) });
      if (recent.length > REMEMBERED_MESSAGE_IDS) recent.splice(0, recent.length - REMEMBERED_MESSAGE_IDS);
    }
    return { status: verdict.status, workflowId: target };
  }, {
    validator: (m: Message) => {
      if (seenBefore(m)) return;
      if (!active) throw notWaiting(`no replenishment is running for ${sku}`);
      const po = parsePoNumber(m.poNumber);
      if (!po || replenishmentId(po.sku, po.n) !== active.workflowId) throw notWaiting(`purchase order ${m.poNumber} is not the one ${sku} is working on`);
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
      policyDecides = checked.policyDecides === true;
      error = null;
    } catch (err) {
      // The agent stays, says why, and checks again on a stock change or at the next check.
      error = `the stock of ${sku} cannot be read: ${err instanceof ActivityFailure && err.cause ? err.cause.message : String(err)}`;
      log.warn('stock check failed', { sku, error });
    }
    // A pause or stop that arrived while stock was being read still holds.
    if (stock && belowSafetyStock(stock, memory, policyOf(rules)) && !paused && !stopping) {
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
    sku, rules, memory, replenishments, recentMessages: recent, paused, wake, error,
  });

  async function runReplenishment(level: StockLevel): Promise<ReplenishmentResult> {
    for (let attempt = 0; attempt < 5; attempt++) {
      replenishments += 1;
      const workflowId = replenishmentId(sku, replenishments);
      active = { workflowId };
      setCurrentDetails(`**replenishing** · ${workflowId}`);
      try {
        return await executeChild(Replenish, {
          workflowId,
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          args: [{ stock: level, replenishment: replenishments, rules, memory: { suppliers: memory.suppliers }, ...(policyDecides ? { policyDecides } : {}) }],
          // Listed under its SKU and phase from its first moment (the child keeps them up to date).
          typedSearchAttributes: [{ key: SKU, value: sku }, { key: PHASE, value: phase(initialState(level, replenishments)) }],
        });
      } catch (err) {
        // An id used by an earlier life of this agent (say, it was reset) just moves the counter on.
        if (err instanceof WorkflowExecutionAlreadyStartedError) continue;
        const reason = err instanceof ChildWorkflowFailure && err.cause ? err.cause.message : String(err);
        log.error('replenishment failed', { workflowId, reason });
        // A run that was terminated or failed never took its PO out of the approvals inbox, nor
        // wrote its record: its open PO is recorded as failed, which may have been ordered.
        // Both writes go out in this one task: a write sent only when the one before it resolved can
        // fall elsewhere among a signal's commands on replay (src/workflows/publisher.ts).
        await Promise.all([
          inboxWriter.showInInbox({ workflowId, request: null }),
          inboxWriter.settleOpenOrder({ workflowId, reason: `the replenishment ended abnormally: ${reason}` }),
        ]);
        return failed(sku, replenishments, reason);
      } finally {
        active = null;
      }
    }
    return failed(sku, replenishments, 'could not find a free replenishment id');
  }
}
