import {
  ActivityFailure, allHandlersFinished, ApplicationFailure, condition, continueAsNew, getExternalWorkflowHandle, log, proxyActivities,
  setCurrentDetails, setHandler, workflowInfo,
} from '@temporalio/workflow';
import type { DeskActivities } from '../activities/contract.js';
import { policyApprover } from '../domain/approval-policy.js';
import { closeOf } from '../domain/gathering.js';
import { replenishmentIdOfPo, supplierDeskId } from '../domain/ids.js';
import { days, type Rules } from '../domain/rules.js';
import type { Message } from '../domain/state.js';
import { closeWindow, joinDesk, newDesk, orderToPlace, settleOrder, spoDecisionRefusal, withdrawLine, type DeskState } from '../domain/supplier-desk.js';
import { consolidatedRequestOf, describeSupplierOrder, skusLabel, type SupplierOrderNews } from '../domain/supplier-order.js';
import { BUSINESS_REFUSAL } from '../domain/world.js';
import { failureMessage } from './failures.js';
import { deliverSignal, deskStateQuery, joinSignal, spoDecisionUpdate, withdrawUpdate } from './messages.js';
import { deskOrderActivity, recordActivity, toolActivity } from './options.js';
import { RunClock } from './run-clock.js';

export interface SupplierDeskInput {
  supplier: string;
  rules: Rules;
  /** What the desk carried over its last continue-as-new. */
  carried?: DeskState;
  /** Continue as new after this many consolidated POs in one run (beside the history's length); carried too. */
  continueAfterOrders?: number;
}

type Approval = Extract<SupplierOrderNews, { kind: 'ordered' }>['approval'];
type Dropped = Omit<Extract<SupplierOrderNews, { kind: 'dropped' }>, 'kind' | 'spoNumber'>;

/** History this long is replayed on every cache miss: the desk starts afresh before it gets there. */
const CONTINUE_AFTER_EVENTS = 2_000;

const isRefusal = (err: unknown): boolean =>
  err instanceof ActivityFailure && err.cause instanceof ApplicationFailure && err.cause.type === BUSINESS_REFUSAL;

/**
 * A supplier's desk (`supplier-<name>`): the entity where the lines of a supplier that gathers meet.
 * It gathers lines until its window closes (a timer), or at once when a line must be ordered
 * before that; drafts one consolidated PO of them, has it approved once (by the approval policy on
 * the whole PO, else by the manager), places one order at the supplier, and tells each line's run by
 * signal. Its state is plain JSON (src/domain/supplier-desk.ts), carried whole across continue-as-new.
 */
export async function SupplierDesk(input: SupplierDeskInput): Promise<void> {
  let d: DeskState = input.carried ?? newDesk(input.supplier, input.rules);
  // Every decision on time reads this clock, which moves only on times history holds as data (the
  // run's start, a line's join, a decision's, a wait's end), never on the workflow task's own time,
  // which can differ on replay (docs/changing-workflows.md, "Time in workflow code").
  const clock = new RunClock(workflowInfo().startTime.getTime());
  // Each step's summary names the consolidated PO and its lines, as the Web UI shows it.
  const acts = (rules: Rules, summary: string) => proxyActivities<DeskActivities>({ ...toolActivity(rules), summary });
  const placing = (summary: string) => proxyActivities<DeskActivities>({ ...deskOrderActivity, summary });
  // The inbox row is written by an activity awaited in the loop, not a local activity: its result is
  // an event in history, so the command after it has the same place on replay whatever the desk's
  // handlers (an Update's answer) do meanwhile. Retried until the database takes it, as the record is.
  const inbox = (summary: string) => proxyActivities<DeskActivities>({ ...recordActivity, summary });

  /** The order is at the supplier: a line withdrawn now may be on it, so withdrawing waits for its answer. */
  let placingNow = false;

  setHandler(joinSignal, (line, rules) => {
    clock.advance(line.joinedAt);
    d = joinDesk(d, line, rules, clock.now());
  });
  setHandler(withdrawUpdate, async ({ poNumber }) => {
    await condition(() => !placingNow);
    d = withdrawLine(d, poNumber);
    const told = d.settled.find((l) => l.poNumber === poNumber)?.news;
    return { placed: told?.kind === 'ordered' ? told.ack : null };
  });
  setHandler(deskStateQuery, () => d);
  setHandler(spoDecisionUpdate, ({ approved, by, reason, note, at: sent }) => {
    clock.advance(sent);
    const at = clock.now();
    const decision = approved ? { approved: true as const, by, at, ...(note ? { note } : {}) } : { approved: false as const, by, at, reason: reason ?? 'no reason given' };
    d = { ...d, current: { ...d.current!, decision } };
    return { status: 'delivered' as const, workflowId: supplierDeskId(d.supplier) };
  }, {
    // A refusal in the validator is written nowhere: a decision that cannot count leaves no trace in history.
    validator: (request) => {
      const refused = spoDecisionRefusal(d, request);
      if (refused) throw ApplicationFailure.create({ message: refused.why, type: refused.type, nonRetryable: true });
    },
  });

  /** News goes out from the loop, never from a handler: a run that has closed meanwhile is noted and skipped. */
  const tellRuns = async () => {
    while (d.outbox.length > 0) {
      const { poNumber, news } = d.outbox[0]!;
      const message: Message = { event: 'supplier-order', poNumber, messageId: `${news.spoNumber ?? 'desk'}/${poNumber}`, at: clock.now(), payload: news };
      try {
        await getExternalWorkflowHandle(replenishmentIdOfPo(poNumber)).signal(deliverSignal, message);
      } catch (err) {
        log.warn('could not tell a line\'s run', { poNumber, error: failureMessage(err) });
      }
      d = { ...d, outbox: d.outbox.slice(1) };
    }
  };

  /** The manager decides the PO in hand: asked up to the rules' number of times, each wait an approval wait. */
  const askManager = async (notByRule: string | undefined): Promise<Approval | Dropped> => {
    const { rules } = d;
    for (let asked = 1; asked <= rules.maxApprovalRequests; asked++) {
      const c = d.current!;
      await acts(rules, `ask ${rules.manager} to approve ${describeSupplierOrder(c.order)} (request ${asked})`).askManagerAboutSupplierOrder({ order: c.order, rules, asked, closedBecause: c.closedBecause, ...(notByRule ? { notByRule } : {}) });
      d = { ...d, current: { ...d.current!, asked } };
      setCurrentDetails(`**${c.order.spoNumber}** waits for the manager (request ${asked}): ${describeSupplierOrder(c.order)}`);
      // The PO as drafted and asked about, which is what the desk's validator judges a decision against
      // (its total, its dearest line); a line withdrawn meanwhile is left out when it is placed.
      await inbox(`show ${c.order.spoNumber} in the approvals inbox (request ${asked})`).showSupplierOrderInInbox({
        workflowId: workflowInfo().workflowId, spoNumber: c.order.spoNumber, sku: skusLabel(c.order.lines),
        request: consolidatedRequestOf(c.order, { ...d.current!, asked }, clock.now()),
      });
      const wait = days(rules, rules.approvalWaitDays);
      const since = clock.millis;
      if (await condition(() => d.current!.decision !== null, wait, { summary: `${c.order.spoNumber} waits for ${rules.manager}'s decision (request ${asked})` })) break;
      clock.advance(new Date(since + wait).toISOString());
    }
    await inbox(`take ${d.current!.order.spoNumber} out of the approvals inbox`).showSupplierOrderInInbox({
      workflowId: workflowInfo().workflowId, spoNumber: d.current!.order.spoNumber, sku: '', request: null,
    });
    const decision = d.current!.decision;
    if (!decision) return { by: 'desk', reason: `no decision from the manager on ${d.current!.order.spoNumber} after ${rules.maxApprovalRequests} requests` };
    if (!decision.approved) return { by: 'manager', decidedBy: decision.by, reason: `${decision.reason} (on ${d.current!.order.spoNumber})` };
    return { by: decision.by, at: decision.at, ...(decision.note ? { note: decision.note } : {}) };
  };

  /** The PO in hand, from approval to the order and each line's news. */
  const buy = async () => {
    const { order } = d.current!;
    const { rules } = d;
    let outcome: Approval | Dropped;
    if (order.belowMinimum) {
      outcome = { by: 'supplier', reason: order.belowMinimum };
    } else {
      const verdict = await acts(rules, `approval policy on ${describeSupplierOrder(order)}`).consultSupplierOrderPolicy({ order, rules });
      outcome = verdict?.approved
        ? { by: policyApprover(verdict.rule), at: clock.now(), rule: verdict.rule, note: verdict.reason }
        : await askManager(verdict && !verdict.approved ? verdict.why : undefined);
    }
    const placed = orderToPlace(d);
    if ('at' in outcome && placed) {
      const approval = outcome;
      placingNow = true;
      try {
        const ack = await placing(`place ${describeSupplierOrder(placed)}`).placeSupplierOrder({ order: placed });
        const acks = new Map(ack.lines.map((a) => [a.poNumber, a]));
        d = settleOrder(d, (l) => (acks.has(l.poNumber)
          ? { kind: 'ordered', spoNumber: order.spoNumber, ack: acks.get(l.poNumber)!, approval }
          : { kind: 'dropped', spoNumber: order.spoNumber, by: 'desk', reason: `${l.poNumber} was withdrawn before ${order.spoNumber} was placed` }));
        setCurrentDetails(`**${order.spoNumber}** ordered (${ack.supplierRef}): ${describeSupplierOrder(placed)}`);
        return;
      } catch (err) {
        if (!isRefusal(err)) throw err;
        outcome = { by: 'supplier', reason: `${order.supplier} refused ${order.spoNumber}: ${failureMessage(err)}` };
      } finally {
        placingNow = false;
      }
    }
    const dropped = 'at' in outcome ? { by: 'desk' as const, reason: `every line of ${order.spoNumber} was withdrawn` } : outcome;
    d = settleOrder(d, () => ({ kind: 'dropped', spoNumber: order.spoNumber, ...dropped }));
    setCurrentDetails(`**${order.spoNumber}** dropped: ${dropped.reason}`);
  };

  let ordersThisRun = 0;
  for (;;) {
    await tellRuns();
    // Between consolidated POs, with every piece of news sent: what is gathering travels in `d`
    // (its window's close with it), and lines that join while the handlers finish are in `d` too.
    const long = workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > CONTINUE_AFTER_EVENTS
      || (input.continueAfterOrders !== undefined && ordersThisRun >= input.continueAfterOrders);
    if (long) {
      await condition(allHandlersFinished);
      if (d.outbox.length === 0) {
        return continueAsNew<typeof SupplierDesk>({
          supplier: d.supplier, rules: d.rules, carried: d, ...(input.continueAfterOrders !== undefined ? { continueAfterOrders: input.continueAfterOrders } : {}),
        });
      }
      continue;
    }
    const g = d.gathering;
    if (g === null) {
      await condition(() => d.gathering !== null || d.outbox.length > 0);
      continue;
    }
    // Only a line that cannot wait closes the window before its time (judged as at its opening).
    let closing = closeOf(g.window, g.lines, g.window.openedAt);
    if (!closing.close) {
      setCurrentDetails(`gathering ${g.lines.length} line(s) until ${g.window.closesAt}`);
      // Woken by an urgent line or by news owed to a run; else the window's timer fires.
      const woke = await condition(
        () => d.outbox.length > 0 || (d.gathering !== null && closeOf(d.gathering.window, d.gathering.lines, d.gathering.window.openedAt).close),
        Math.max(1, Date.parse(g.window.closesAt) - clock.millis),
        { summary: `gathering ${d.supplier}'s lines until ${g.window.closesAt}` },
      );
      if (woke) continue;
      clock.advance(g.window.closesAt);
      // Every line may have been withdrawn meanwhile: nothing to order.
      if (d.gathering === null) continue;
      closing = closeOf(d.gathering.window, d.gathering.lines, clock.now());
      if (!closing.close) continue;
    }
    d = closeWindow(d, closing.reason, closing.early);
    log.info(`${d.current!.order.spoNumber} closed ${closing.early ? 'early' : 'on time'}: ${closing.reason}`);
    setCurrentDetails(`**${d.current!.order.spoNumber}** closed ${closing.early ? 'early, ' : ''}${closing.reason}: ${describeSupplierOrder(d.current!.order)}`);
    await buy();
    ordersThisRun += 1;
  }
}
