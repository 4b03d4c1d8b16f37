import { ApplicationFailure, condition, defineQuery, defineUpdate, proxyActivities, setHandler, workflowInfo } from '@temporalio/workflow';
import type { Activities } from '../../src/activities/contract.js';
import { withoutLog } from '../../src/domain/activity-input.js';
import { refusalOf } from '../../src/domain/phase.js';
import { planContext, planPurchase } from '../../src/domain/purchase-plan.js';
import type { Rules } from '../../src/domain/rules.js';
import { initialState, type EventName, type Message, type ReplenishState } from '../../src/domain/state.js';
import { checkBeforeOrder } from '../../src/tools/check-before-order.js';
import { closePurchaseOrder } from '../../src/tools/close-purchase-order.js';
import { draftPurchaseOrder } from '../../src/tools/draft-purchase-order.js';
import { getQuotes } from '../../src/tools/get-quotes.js';
import { placeOrder } from '../../src/tools/place-order.js';
import { readSupplierReply } from '../../src/tools/read-supplier-reply.js';
import { requestApproval } from '../../src/tools/request-approval.js';
import type { AnyCallTool, AnyWaitTool } from '../../src/tools/tool.js';
import { afterCall, afterWait } from '../../src/tools/turn.js';
import { waitForApproval } from '../../src/tools/wait-for-approval.js';
import { waitForGoods } from '../../src/tools/wait-for-goods.js';
import { waitForSupplierReply } from '../../src/tools/wait-for-supplier-reply.js';
import { outcome } from '../../src/domain/outcome.js';
import type { ReplenishmentResult } from '../../src/domain/types.js';

/**
 * The hand-written floor: one replenishment's business steps in a fixed order, through the
 * service's own activities against the same world, with no agent loop (no decide turns), no entity
 * in front (messages are Updates to this workflow, judged by the same `refusalOf` on its own state)
 * and no search attributes or memo. What it costs in events is what any Temporal workflow doing this
 * work pays; the agent's figure above it is the price of its design.
 */
export const handDeliverUpdate = defineUpdate<'delivered', [Message]>('deliver');
/** What it waits for now (and its PO), so the harness sends each message when it is wanted. */
export const handWaitingQuery = defineQuery<{ event: EventName | null; state: ReplenishState }>('waiting');

export interface HandWrittenInput { sku: string; replenishment: number; rules: Rules }

const { checkStock, runTool, recordPurchase } = proxyActivities<Activities>({
  startToCloseTimeout: '1 minute', retry: { maximumAttempts: 3 },
});

export async function HandWrittenReplenish({ sku, replenishment, rules }: HandWrittenInput): Promise<ReplenishmentResult> {
  const now = () => new Date().toISOString();
  const { stock } = await checkStock(sku);
  let state = initialState(stock, replenishment);
  const inbox: Message[] = [];
  let waitingFor: EventName | null = null;
  setHandler(handWaitingQuery, () => ({ event: waitingFor, state }));
  setHandler(handDeliverUpdate, (m) => { inbox.push(m); return 'delivered' as const; }, {
    validator: (m) => {
      const refused = refusalOf(state, m, rules, (e) => inbox.some((x) => x.event === e));
      if (refused) throw ApplicationFailure.nonRetryable(refused.why, refused.type);
    },
  });

  const call = async (tool: AnyCallTool, input: unknown = {}) => {
    const { result } = await runTool({
      tool: tool.name, input, state: withoutLog(state), rules, idempotencyKey: `${workflowInfo().workflowId}/${tool.name}`,
    });
    state = afterCall(state, { kind: 'call', tool, input, summary: tool.name }, { kind: 'ok', result }, rules, now()).state;
  };
  const wait = async (tool: AnyWaitTool) => {
    waitingFor = tool.events[0]!;
    await condition(() => inbox.length > 0, tool.timeoutMs(state, rules, now()));
    waitingFor = null;
    state = afterWait(state, { kind: 'wait', tool, summary: tool.name }, inbox.shift() ?? null, now()).state;
  };

  await call(getQuotes);
  const plan = planPurchase(state.quotes ?? [], planContext(state, now()));
  if (!plan) throw ApplicationFailure.nonRetryable(`no quote for ${sku}`);
  await call(draftPurchaseOrder, { quoteId: plan.quote.quoteId });
  await call(requestApproval);
  await wait(waitForApproval);
  await call(checkBeforeOrder);
  await call(placeOrder);
  await wait(waitForSupplierReply);
  await call(readSupplierReply);
  await wait(waitForGoods);
  await call(closePurchaseOrder);
  const result = outcome({ ...state, finished: true });
  await recordPurchase({ state, result, rules });
  return result;
}
