import {
  ActivityFailure, allHandlersFinished, ApplicationFailure, condition, continueAsNew, getExternalWorkflowHandle, log, proxyActivities,
  setCurrentDetails, setHandler, workflowInfo,
} from '@temporalio/workflow';
import type { DeskActivities } from '../activities/contract.js';
import { policyApprover } from '../domain/approval-policy.js';
import { closeOf } from '../domain/gathering.js';
import { replenishmentIdOfPo, spoNumber, supplierDeskId } from '../domain/ids.js';
import { days, type Rules } from '../domain/rules.js';
import type { Message } from '../domain/state.js';
import {
  approvedSoFar, closeWindow, decideSpo, decisionRepeat, describeDesk, endWait, joinDesk, newDesk, orderToPlace, settleOrder, spoAtRest, spoDecisionRefusal, spoHolding,
  spoNumbersInFlight, undecidedWhy, withdrawLine, withSpo, type DeskState, type SpoInFlight,
} from '../domain/supplier-desk.js';
import { consolidatedRequestOf, describeSupplierOrder, skusLabel, type SupplierOrderNews } from '../domain/supplier-order.js';
import { BUSINESS_REFUSAL } from '../domain/world.js';
import { failureMessage } from './failures.js';
import { deliverSignal, deskStateQuery, joinSignal, spoDecisionUpdate, withdrawUpdate } from './messages.js';
import { deskOrderActivity, recordActivity } from './options.js';
import { RunClock } from './run-clock.js';

export interface SupplierDeskInput {
  supplier: string;
  rules: Rules;
  /** What the desk carried over its last continue-as-new. */
  carried?: DeskState;
  /** Continue as new once this many consolidated POs were drafted in one run (beside the history's length); carried too. */
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
 * before that; drafts a consolidated PO of them, and sends it on its own way (approved once, by the
 * approval policy or by the manager; one order at the supplier; each line's run told by signal)
 * while it gathers the next: several consolidated POs may be in flight, each judged by its SPO
 * number. Its state is plain JSON (src/domain/supplier-desk.ts), carried whole across continue-as-new.
 */
export async function SupplierDesk(input: SupplierDeskInput): Promise<void> {
  let d: DeskState = input.carried ?? newDesk(input.supplier, input.rules);
  // Every decision on time reads this clock, which moves only on times history holds as data (the
  // run's start, a line's join, a decision's, a wait's end), never on the workflow task's own time,
  // which can differ on replay (docs/changing-workflows.md, "Time in workflow code").
  const clock = new RunClock(workflowInfo().startTime.getTime());
  // Each step's summary names the consolidated PO and its lines, as the Web UI shows it.
  // Every step of the desk is retried until it succeeds, as placing the order is: a run may give up
  // after its tool attempts and hand over, but a desk that failed would strand every line it holds.
  const acts = (summary: string) => proxyActivities<DeskActivities>({ ...deskOrderActivity, summary });
  const placing = (summary: string) => proxyActivities<DeskActivities>({ ...deskOrderActivity, summary });
  // The inbox row is written by an activity awaited in the SPO's path, not a local activity: its
  // result is an event in history, so the command after it has the same place on replay whatever the
  // desk's handlers (an Update's answer) do meanwhile. Retried until the database takes it, as the record is.
  const inbox = (summary: string) => proxyActivities<DeskActivities>({ ...recordActivity, summary });

  /** SPOs whose path is at a step (an activity, or between steps): all but those waiting for the manager. */
  const busy = new Set<string>();
  /** SPOs whose order is at the supplier: a line of theirs withdrawn now may be on it, so withdrawing waits for its answer. */
  const placingNow = new Set<string>();
  /** What broke an SPO's path (not a refusal): the desk fails with it, as it would have in its own loop. */
  let broken = null as { err: unknown } | null;
  const show = (latest: string) => setCurrentDetails(`${latest}\n\n${describeDesk(d)}`);

  setHandler(joinSignal, (line, rules) => {
    clock.advance(line.joinedAt);
    d = joinDesk(d, line, rules, clock.now());
  });
  setHandler(withdrawUpdate, async ({ poNumber }) => {
    const spo = spoHolding(d, poNumber);
    if (spo) await condition(() => !placingNow.has(spo));
    d = withdrawLine(d, poNumber);
    const told = d.settled.find((l) => l.poNumber === poNumber)?.news;
    return { placed: told?.kind === 'ordered' ? told.ack : null };
  });
  setHandler(deskStateQuery, () => d);
  setHandler(spoDecisionUpdate, (request) => {
    const workflowId = supplierDeskId(d.supplier);
    if (decisionRepeat(d, request) === 'same') return { status: 'duplicate' as const, workflowId };
    clock.advance(request.at);
    d = decideSpo(d, request, clock.now());
    return { status: 'delivered' as const, workflowId };
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

  /**
   * The manager decides `spo`: asked up to the rules' number of times, each wait an approval wait.
   * What it has asked and until when it waits are in the desk's state, so a desk continued as new
   * waits out the rest of the wait it was in and asks nothing twice.
   */
  const askManager = async (spo: string): Promise<Approval | Dropped> => {
    const { rules } = d;
    /** The SPO's row in the approvals inbox: the PO as drafted and asked about, and who approved it so far. */
    const showInInbox = (summary: string, c: SpoInFlight) => inbox(summary).showSupplierOrderInInbox({
      spoNumber: spo, sku: skusLabel(c.order.lines), request: consolidatedRequestOf(c.order, c, clock.now()),
    });
    for (;;) {
      let c = d.inFlight[spo]!;
      if (c.decision) break;
      if (c.waitUntil === undefined) {
        if (c.asked >= rules.maxApprovalRequests) break;
        const asked = c.asked + 1;
        await acts(`ask ${rules.manager} to approve ${describeSupplierOrder(c.order)} (request ${asked})`).askManagerAboutSupplierOrder({
          order: c.order, rules, asked, closedBecause: c.closedBecause, ...(c.notByRule ? { notByRule: c.notByRule } : {}),
        });
        d = withSpo(d, spo, { asked });
        show(`**${spo}** waits for the manager (request ${asked}): ${describeSupplierOrder(c.order)}`);
        // What the desk's validator judges a decision against (its total, its dearest line); a line
        // withdrawn meanwhile stays on the row and is left out when it is placed.
        const shown = d.inFlight[spo]!;
        await showInInbox(`show ${spo} in the approvals inbox (request ${asked})`, shown);
        d = withSpo(d, spo, { waitUntil: new Date(clock.millis + days(rules, rules.approvalWaitDays)).toISOString(), shownApprovals: shown.firstApprovals?.length ?? 0 });
        continue;
      }
      if (!spoAtRest(c)) {
        // A first approval came: the row says who gave it, and the SPO waits on for another manager.
        await showInInbox(`show ${spo}'s approvals so far (${approvedSoFar(c).join(', ')}) in the approvals inbox`, c);
        d = withSpo(d, spo, { shownApprovals: c.firstApprovals?.length ?? 0 });
        show(`**${spo}** approved by ${approvedSoFar(c).join(', ')}, ${approvedSoFar(c).length} of ${c.approvalsNeeded}: waits for another manager`);
        continue;
      }
      const until = c.waitUntil;
      // At rest: the desk may continue as new while this SPO waits.
      busy.delete(spo);
      const woke = await condition(() => !spoAtRest(d.inFlight[spo]!), Math.max(1, Date.parse(until) - clock.millis), {
        summary: `${spo} waits for ${rules.manager}'s decision (request ${c.asked})`,
      });
      busy.add(spo);
      if (!woke) {
        clock.advance(until);
        d = endWait(d, spo);
      }
      c = d.inFlight[spo]!;
    }
    await inbox(`take ${spo} out of the approvals inbox`).showSupplierOrderInInbox({ spoNumber: spo, sku: '', request: null });
    const { decision } = d.inFlight[spo]!;
    if (!decision) return { by: 'desk', reason: undecidedWhy(d.inFlight[spo]!, spo, rules.maxApprovalRequests) };
    if (!decision.approved) return { by: 'manager', decidedBy: decision.by, reason: `${decision.reason} (on ${spo})` };
    return { by: decision.by, at: decision.at, ...(decision.note ? { note: decision.note } : {}), ...(decision.channel ? { channel: decision.channel } : {}) };
  };

  /** How `spo` is approved: by the policy, else by the manager; resumed at the manager when carried over continue-as-new. */
  const approve = async (spo: string): Promise<Approval | Dropped> => {
    const { order, asked } = d.inFlight[spo]!;
    if (asked > 0) return askManager(spo);
    if (order.belowMinimum) return { by: 'supplier', reason: order.belowMinimum };
    const verdict = await acts(`approval policy on ${describeSupplierOrder(order)}`).consultSupplierOrderPolicy({ order, rules: d.rules });
    if (verdict?.approved) return { by: policyApprover(verdict.rule), at: clock.now(), rule: verdict.rule, note: verdict.reason };
    if (verdict) d = withSpo(d, spo, { notByRule: verdict.why });
    return askManager(spo);
  };

  /** One consolidated PO in flight, from approval to the order and each line's news. */
  const buy = async (spo: string) => {
    const { order } = d.inFlight[spo]!;
    let outcome = await approve(spo);
    const placed = orderToPlace(d, spo);
    if ('at' in outcome && placed) {
      const approval = outcome;
      placingNow.add(spo);
      try {
        const ack = await placing(`place ${describeSupplierOrder(placed)}`).placeSupplierOrder({ order: placed });
        const acks = new Map(ack.lines.map((a) => [a.poNumber, a]));
        d = settleOrder(d, spo, (l) => (acks.has(l.poNumber)
          ? { kind: 'ordered', spoNumber: spo, ack: acks.get(l.poNumber)!, approval }
          : { kind: 'dropped', spoNumber: spo, by: 'desk', reason: `${l.poNumber} was withdrawn before ${spo} was placed` }));
        show(`**${spo}** ordered (${ack.supplierRef}): ${describeSupplierOrder(placed)}`);
        return;
      } catch (err) {
        if (!isRefusal(err)) throw err;
        outcome = { by: 'supplier', reason: `${order.supplier} refused ${spo}: ${failureMessage(err)}` };
      } finally {
        placingNow.delete(spo);
      }
    }
    const dropped = 'at' in outcome ? { by: 'desk' as const, reason: `every line of ${spo} was withdrawn` } : outcome;
    d = settleOrder(d, spo, () => ({ kind: 'dropped', spoNumber: spo, ...dropped }));
    show(`**${spo}** dropped: ${dropped.reason}`);
  };

  /** Each consolidated PO goes its own way; the loop goes on gathering. */
  const launch = (spo: string) => {
    busy.add(spo);
    void buy(spo).catch((err: unknown) => { broken ??= { err }; }).finally(() => busy.delete(spo));
  };

  let draftedThisRun = 0;
  /**
   * Continue as new when history grows long, with every SPO in flight waiting for the manager (its
   * asks and its wait's end in the state carried), no handler running and no news owed: what is
   * gathering travels in `d`, its window's close with it.
   */
  const mayContinueAsNew = () => (workflowInfo().continueAsNewSuggested || workflowInfo().historyLength > CONTINUE_AFTER_EVENTS
      || (input.continueAfterOrders !== undefined && draftedThisRun >= input.continueAfterOrders))
    && spoNumbersInFlight(d).every((spo) => !busy.has(spo) && spoAtRest(d.inFlight[spo]!))
    && d.outbox.length === 0 && allHandlersFinished();
  /** What wakes the loop besides its window: news owed to a run, a path that broke, the moment to continue as new. */
  const loopWakes = () => d.outbox.length > 0 || broken !== null || mayContinueAsNew();

  // Consolidated POs carried over continue-as-new go on from where the state says they are.
  for (const spo of spoNumbersInFlight(d)) launch(spo);
  for (;;) {
    if (broken) throw broken.err;
    await tellRuns();
    if (mayContinueAsNew()) {
      return continueAsNew<typeof SupplierDesk>({
        supplier: d.supplier, rules: d.rules, carried: d, ...(input.continueAfterOrders !== undefined ? { continueAfterOrders: input.continueAfterOrders } : {}),
      });
    }
    const g = d.gathering;
    if (g === null) {
      await condition(() => d.gathering !== null || loopWakes());
      continue;
    }
    // Only a line that cannot wait closes the window before its time (judged as at its opening).
    let closing = closeOf(g.window, g.lines, g.window.openedAt);
    if (!closing.close) {
      show(`gathering ${g.lines.length} line(s) until ${g.window.closesAt}`);
      // Woken by an urgent line or by the loop's other business; else the window's timer fires.
      const woke = await condition(
        () => loopWakes() || (d.gathering !== null && closeOf(d.gathering.window, d.gathering.lines, d.gathering.window.openedAt).close),
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
    const spo = spoNumber(d.supplier, d.nextK);
    d = closeWindow(d, closing.reason, closing.early);
    log.info(`${spo} closed ${closing.early ? 'early' : 'on time'}: ${closing.reason}`);
    show(`**${spo}** closed ${closing.early ? 'early, ' : ''}${closing.reason}: ${describeSupplierOrder(d.inFlight[spo]!.order)}`);
    draftedThisRun += 1;
    launch(spo);
  }
}
