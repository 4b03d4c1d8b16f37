import { z } from 'zod';
import { StockLevel } from '../domain/types.js';
import { PoAgreementDraw } from './agreement-schemas.js';

/**
 * What the routes answer. fastify serialises through these and drops every property a schema
 * does not name, so views of state that other modules own (agents, replenishments, timelines)
 * are loose objects: the fields named here are documented and checked, the rest pass through.
 */

/**
 * A loose object typed as a plain one: TypeScript interfaces, which the views are, have no index
 * signature and would not fit the type `z.looseObject` gives.
 */
const open = <S extends z.ZodRawShape>(shape: S) => z.looseObject(shape) as unknown as z.ZodObject<S>;

/** Every 4xx, fastify's own included (src/api/errors.ts). */
export const ErrorBody = z.object({ error: z.string().describe('which field or header is wrong, and why') });
export const refused = (why: string) => ErrorBody.describe(why);

/**
 * Adds an answer the edge gives (a missing token, a body too large, a rate limit) to a route's
 * documented answers, unless the route documents that status itself with its own words. Called
 * from the hook that gives the answer, so each is declared once, where it is decided.
 */
export function declareAnswer(route: { schema?: unknown }, status: number, why: string): void {
  const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
  if (schema.response && String(status) in schema.response) return;
  route.schema = { ...schema, response: { ...schema.response, [status]: refused(why) } };
}

const Part = z.object({ ok: z.boolean(), detail: z.string().optional() });
export const StuckRunView = z.object({
  workflowId: z.string().optional().describe('absent while visibility has not named the run yet'),
  runId: z.string(), reason: z.string(), firstSeen: z.string(), lastSeen: z.string(), failures: z.number(),
  repair: z.string().optional().describe('the command that repairs it'),
});
export const Health = z.object({
  ok: z.boolean(), parts: z.record(z.string(), Part),
  degraded: z.boolean().optional().describe('some run fails on nondeterminism; the service is up, restarting it would not help'),
  stuck: z.array(StuckRunView).optional().describe('runs whose workflow tasks fail on nondeterminism, with the command that repairs each'),
});
export type Health = z.infer<typeof Health>;
export const Readiness = z.object({ ready: z.boolean(), parts: z.record(z.string(), Part) });
/** A 503 says which part is down, or, when the check itself failed, what the error handler says. */
export const Unhealthy = z.union([Health, ErrorBody]);
export const NotReady = z.union([Readiness, ErrorBody]);

/** A page, a script, an SVG: documented by media type; fastify sends strings of a non-JSON type as they are. */
export const text = (type: string, description: string) => ({ description, content: { [type]: { schema: z.string() } } });

export const OpenApiDocument = open({
  openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }), paths: z.record(z.string(), z.unknown()),
});

export const AgentStarted = z.object({ sku: z.string(), workflowId: z.string(), started: z.boolean() });
export const AgentSignalled = (what: string) => z.object({ sku: z.string(), [what]: z.literal(true) });

const Outcomes = z.record(z.string(), z.number()).describe('finished replenishments by outcome');
const Gate = open({
  workflowId: z.string(), poNumber: z.string().nullable(), phase: z.string(),
}).describe('the running replenishment: its PO, phase and which messages it takes now');

export const SkuPage = z.object({
  items: z.array(StockLevel.extend({
    agent: z.string().describe('watching, replenishing, paused, stopped, error, or none'),
    error: z.string().nullable().describe('with agent `error`: why the agent cannot read its stock'),
    phase: z.string().nullable(),
    activeReplenishment: z.string().nullable(),
    outcomes: Outcomes,
  })),
  next: z.string().nullable().describe('pass as `after` for the next page; null on the last'),
  total: z.number().int(),
});

const Reply = z.object({
  messageId: z.string(), kind: z.string(), deliveryDate: z.string().optional(), unitPrice: z.number().optional(),
  quantity: z.number().optional(), receivedAt: z.string(),
});

const Policy = z.object({
  forecast: z.object({
    daily: z.number(), trend: z.number().describe('units a day the demand grows by each day'), sigma: z.number().describe('standard deviation of one day\'s demand'),
    days: z.number().int().describe('days of history'), capped: z.number().int().describe('exceptional days capped'), cap: z.number().nullable(),
  }),
  leadTime: z.object({ days: z.number(), sigma: z.number(), deliveries: z.number().int(), supplier: z.string().nullable() }),
  serviceLevel: z.number().describe('cycle service level aimed at'),
  serviceLevelFrom: z.enum(['sku', 'class', 'default']),
  z: z.number(),
  safetyStock: z.object({ computed: z.number().int(), typed: z.number().int(), used: z.number().int() }),
  orderQuantity: z.object({ units: z.number().int(), eoq: z.number().int().nullable(), unitPrice: z.number().nullable() }),
  why: z.string().describe('the levels in words'),
});

const Demand = z.object({
  source: z.enum(['policy', 'demand', 'typed']).describe('`policy`: levels set for a service level from the consumption history (README, "How much and when"); `demand`: from the average consumption; `typed`: the typed-in safety stock and target'),
  dailyDemand: z.number().nullable().describe('units consumed a business day: the forecast, or the average over the world\'s window'),
  leadDays: z.number().describe('lead time planned with: what the last supplier actually took (the mean of its last deliveries under the policy), else the default'),
  reorderPoint: z.number().int().describe('the agent replenishes when on hand plus on order falls below this'),
  targetLevel: z.number().int().describe('what a replenishment orders up to'),
  daysOfCover: z.number().nullable().describe('business days until the shelf is empty at today\'s demand'),
  projectedStockOut: z.string().nullable().describe('when the shelf runs empty at today\'s demand'),
  coverDays: z.number().describe('days of demand the target covers past the reorder point'),
  policy: Policy.optional().describe('how the policy set the levels; only with source `policy`'),
});

export const SkuView = z.object({
  sku: z.string(),
  currency: z.string().describe('ISO 4217: every amount is in it'),
  stock: StockLevel.loose().nullable().describe('null when the ERP no longer knows the SKU (its agent then shows why)'),
  demand: Demand.nullable().describe('reorder point and target from demand (README, "Demand"), days of cover, projected stock-out; null without stock'),
  agent: open({
    status: z.string(), replenishments: z.number().int(), active: Gate.nullable(), error: z.string().nullable(),
    rules: z.record(z.string(), z.unknown()).describe('the rules its next replenishment starts with: the configuration as of its last stock check'),
  }).nullable(),
  pastOutcomes: z.array(open({ replenishment: z.number().int(), workflowId: z.string(), poNumber: z.string().nullable(), outcome: z.string() })),
  runs: z.array(z.object({ replenishment: z.number().int(), workflowId: z.string() })).describe('the last 10 replenishments, oldest first, with the workflow id each runs as'),
  suppliers: z.record(z.string(), open({ orders: z.number(), received: z.number(), lastPrice: z.number() }))
    .describe('what the agent learned of each supplier'),
  replenishment: open({
    workflowId: z.string(),
    phase: z.string(),
    waiting: open({ tool: z.string(), events: z.array(z.string()) }).nullable(),
    po: open({ poNumber: z.string(), supplier: z.string() }).nullable(),
    decision: open({ kind: z.string() }).nullable(),
    order: open({ poNumber: z.string(), supplierRef: z.string(), expectedDelivery: z.string() }).nullable(),
    cancelledOrders: z.array(open({ poNumber: z.string(), supplier: z.string(), why: z.enum(['refused', 'silent', 'repriced']), cancelledAt: z.string() }))
      .describe('orders this replenishment cancelled at their supplier to buy elsewhere (it refused them, or went silent)'),
    received: z.number(),
    replies: z.array(Reply),
    log: z.array(open({ turn: z.number().int(), tool: z.string() })).describe('the decision log'),
    notes: z.array(z.string()),
    rules: z.record(z.string(), z.unknown()).describe('the rules this replenishment started with and keeps to its end'),
  }).nullable(),
});

export const Approvals = z.object({
  currency: z.string().describe('ISO 4217: every amount is in it'),
  items: z.array(open({
    sku: z.string(), workflowId: z.string(), poNumber: z.string(), supplier: z.string(),
    quantity: z.number(), unitPrice: z.number(), total: z.number().describe('the goods plus the freight, when the supplier charges one'),
    freight: z.number().optional().describe('the supplier\'s freight for this order; absent when it charges none'), requestedAt: z.string().nullable(),
    alternatives: z.array(open({
      quoteId: z.string().describe('approve this quote instead with {"decision":"approve","quoteId":…}'), supplier: z.string(), unitPrice: z.number(),
      moq: z.number(), orderMultiple: z.number().optional(),
      unit: z.string().optional().describe('what the supplier counts and prices the SKU in ("kg", "m", "l"); absent for pieces or when it does not say'),
      leadTimeDays: z.number(), validUntil: z.string(),
    })).describe('the other quotes the agent holds for the PO'),
    kind: z.enum(['consolidated']).optional()
      .describe('present for a supplier\'s consolidated PO (SPO-<supplier>-<k>), decided whole: quantity is all its lines\' units, unitPrice its dearest line\'s, sku its lines\' SKUs'),
    lines: z.array(open({
      poNumber: z.string().describe('the line\'s own PO number, its SKU\'s replenishment'), sku: z.string(), quantity: z.number(), unitPrice: z.number(), lineTotal: z.number(),
    })).optional().describe('a consolidated PO\'s lines'),
    goods: z.number().optional().describe('a consolidated PO\'s goods: its lines\' totals, before freight'),
    closedBecause: z.string().optional().describe('why the supplier\'s desk closed the consolidated PO\'s window (on time, or early for a line that could not wait)'),
    approvedBy: z.array(z.string()).optional().describe('above TWO_APPROVALS_ABOVE: the managers who approved it so far (a run\'s PO or a consolidated PO)'),
    approvalsNeeded: z.number().int().optional().describe('above TWO_APPROVALS_ABOVE: how many different managers must approve it'),
  })),
});

/**
 * The run's answer to a message: `delivered` into its inbox, `held` until the order is placed, a
 * `duplicate` of one it has, or `queued` when the run had not judged it within a few seconds.
 */
export const Delivered = open({
  poNumber: z.string(), status: z.enum(['delivered', 'held', 'duplicate', 'queued']), workflowId: z.string(),
});
export const Decided = Delivered.extend({ by: z.string().describe('the approver the token proved') });

/** What each line of a consolidated PO answered to a message addressed to the SPO's number. */
const SpoLineAnswer = z.object({
  poNumber: z.string().describe('the line\'s own PO number'), sku: z.string(),
  status: z.number().int().describe('the status the message would have had sent to the line\'s own PO: 202 taken, 200 a repeat, 403 or 409 refused by its replenishment (409 also: not sent, the line being closed), 503 its agent could not be reached'),
  result: z.enum(['delivered', 'held', 'duplicate', 'queued']).optional().describe('with 202 or 200: as the line\'s own PO would have been answered'),
  workflowId: z.string().optional().describe('with 202 or 200: the replenishment that has the line'),
  error: z.string().optional().describe('otherwise: why the line did not take it'),
});
/** A message to a consolidated PO, answered line by line. */
export const SpoDelivered = z.object({
  poNumber: z.string().describe('the consolidated PO number (SPO-<supplier>-<k>)'),
  status: z.enum(['delivered', 'duplicate']).describe('delivered: at least one line took it now (202); duplicate: every line that took it had it already (200)'),
  lines: z.array(SpoLineAnswer).describe('each line it was for, in the consolidated PO\'s order'),
});
export const SpoCancelled = SpoDelivered.extend({ by: z.string().describe('the manager the token proved') });

const PoTerms = open({ poNumber: z.string(), supplier: z.string(), quoteId: z.string(), quantity: z.number(), unitPrice: z.number(), total: z.number() });

const Approval = open({
  decision: z.enum(['approved', 'rejected']), by: z.string().describe('the approver the token proved'),
  rule: z.string().nullable().describe('the approval rule that decided, when no person did'), at: z.string(),
  channel: z.string().nullable().optional().describe('where the decision was made: page, api, cli, email-link, slack; policy for a rule\'s'),
  edit: open({ drafted: PoTerms, approved: PoTerms }).optional().describe('the manager approved other terms than those drafted: both'),
  poNumber: z.string().optional().describe('the PO it was given to, when not the record\'s own: an order cancelled at its supplier before the run bought elsewhere'),
});

export const PurchaseRecordView = open({
  replenishmentId: z.string(), runId: z.string(), sku: z.string(), replenishment: z.number().int(),
  poNumber: z.string().nullable().describe('the last PO number drafted (a revision replaces the first)'),
  supplier: z.string().nullable(), quantityDrafted: z.number().nullable(), quantityOrdered: z.number(), quantityReceived: z.number(),
  unitPrice: z.number().nullable(), orderTotal: z.number().nullable().describe('quantity ordered × unit price, plus the supplier\'s freight when the order paid one; null when nothing was ordered'),
  currency: z.string(), approvals: z.array(Approval), outcome: z.string(), reason: z.string(),
  startedAt: z.string(), settledAt: z.string(), orderedAt: z.string().nullable(), receivedAt: z.string().nullable(),
  turns: z.array(open({ turn: z.number().int(), at: z.string(), tool: z.string(), result: z.string(), summary: z.string() }))
    .describe('the decision log'),
}).describe('what the service keeps of a settled replenishment, after Temporal\'s retention deletes its history');

/** A PO in the list: a settled one is its record; an open one has no outcome, settlement or decision log yet. */
const PurchaseOrderItemView = PurchaseRecordView.extend({
  poNumber: z.string().nullable(),
  status: z.string().describe('a settled PO\'s outcome (received, cancelled, …), an open one\'s phase (awaiting approval, ordered, …)'),
  phase: z.string().optional().describe('an open PO\'s phase'),
  supplierOrder: z.string().nullable().describe('the consolidated PO (SPO-<supplier>-<k>) the PO was placed on as a line; null when ordered alone or not yet ordered'),
  updatedAt: z.string().describe('its last change: a settled PO\'s settlement'),
  outcome: z.string().nullable(), reason: z.string().nullable(), settledAt: z.string().nullable(),
}).describe('a purchase order, open or settled');

export const RecordPage = z.object({
  items: z.array(PurchaseOrderItemView),
  next: z.string().nullable().describe('pass as `after` for the next page; null on the last'),
  total: z.number().int().describe('purchase orders matching the filter'),
});

export const Spend = z.object({
  currency: z.string(),
  lines: z.array(z.object({
    supplier: z.string(), month: z.string(), amount: z.number(),
    orders: z.number().int().describe('orders the supplier took that month: a consolidated PO counts once'),
    lines: z.number().int().describe('the SKUs\' POs among them: each line of a consolidated PO counts, an order of one SKU is one line'),
  })),
});

export const PurchaseOrderView = open({
  poNumber: z.string(), workflowId: z.string(), runId: z.string(), sku: z.string(),
  status: z.string().describe('Temporal\'s status of the replenishment: RUNNING, COMPLETED, …; COMPLETED when only the record is left'),
  phase: z.string().nullable(), outcome: z.string().nullable(), currentPoNumber: z.string().nullable(),
  foundBy: z.string().describe('search-attribute, po-number (the workflow id it names), or record (the workflow is gone)'),
  record: PurchaseRecordView.nullable().describe('the purchasing record, once the replenishment has settled'),
  agreement: PoAgreementDraw.nullable().describe('the blanket agreement the current PO drew on (null when none, or when its draw was given back because it was not ordered)'),
});

/** A consolidated PO as its supplier took it, and where each line stands. */
export const SupplierOrderView = z.object({
  poNumber: z.string().describe('the consolidated PO number (SPO-<supplier>-<k>)'), supplier: z.string(), currency: z.string(),
  supplierRef: z.string().describe('the supplier\'s reference for the order'), placedAt: z.string(),
  goods: z.number(), freight: z.number().nullable().describe('freight on the whole order; null when it shipped free'), total: z.number(),
  lines: z.array(z.object({
    poNumber: z.string().describe('the line\'s own PO number: its replenishment follows it, and messages to it reach that replenishment'),
    sku: z.string(), quantity: z.number().int(), unitPrice: z.number(), lineTotal: z.number(),
    workflowId: z.string().describe('the replenishment that has the line'),
    standing: z.enum(['open', 'settled', 'elsewhere']).describe('open: its replenishment follows the line; settled: it closed it; elsewhere: it went on with another PO or supplier'),
    status: z.string().describe('the replenishment\'s phase while open (placed: it has not shown the order yet), its outcome once settled'),
    quantityReceived: z.number().int(), expected: z.number().int().describe('units the line still expects'),
    why: z.string().nullable().describe('why the line takes no more messages; null while open'),
  })),
});

/** One decision of a bulk request: the HTTP status it would have had alone, and that answer's body. */
export const BulkDecided = z.object({
  results: z.array(open({
    poNumber: z.string(), status: z.number().int().describe('202 delivered, 200 a repeat, 404 no agent, 409 not waiting for it, 503 the agent could not be reached'),
    result: z.enum(['delivered', 'held', 'duplicate', 'queued']).optional().describe('with 202 or 200: as the single decision route says it'),
    error: z.string().optional(), workflowId: z.string().optional(), by: z.string().optional(),
  })),
});

export const UiConfig = z.object({ temporalUiUrl: z.string(), namespace: z.string(), currency: z.string().describe('ISO 4217: every amount is in it') });

export const TimelineView = open({
  workflowId: z.string().nullable(), runId: z.string().nullable(), workflowType: z.string().nullable(),
  start: z.string(), end: z.string().nullable(), until: z.string(), status: z.string(),
  turns: z.array(open({ turn: z.number(), at: z.string(), tool: z.string().nullable() })).describe('each turn: when, which tool, why'),
  calls: z.array(open({ activityId: z.string(), tool: z.string(), scheduledAt: z.string() })).describe('activity calls with their retries'),
  waits: z.array(open({ timerId: z.string(), startedAt: z.string(), ended: z.string() })).describe('waits for messages and how they ended'),
  gaps: z.array(open({ from: z.string(), to: z.string() })).describe('stretches where nothing moved, and why'),
  workerChanges: z.array(open({ at: z.string(), from: z.string(), to: z.string() })).describe('the run moving from one worker to another'),
  outcome: open({ outcome: z.string() }).nullable(),
  links: z.object({ svg: z.string(), webUi: z.string() }),
});

export const Repaired = z.object({
  workflowId: z.string(), oldRunId: z.string(), newRunId: z.string(),
  redoneTask: z.number().describe('the WorkflowTaskCompleted event, in the old run, of the task the new run redoes'),
  divergence: z.string().describe('what replay of that task said'),
});
