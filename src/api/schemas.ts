import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGENT_ID_PATTERN, PO_NUMBER_PATTERN, PO_NUMBER_RULE, REPLENISHMENT_ID_PATTERN, REPLENISHMENT_ID_RULE, SKU_PATTERN, SKU_RULE,
  SPO_NUMBER_PATTERN, SPO_NUMBER_RULE,
} from '../domain/ids.js';
import { PO_PHASES } from '../domain/phase.js';
import { MAX_AMOUNT, MAX_AMOUNT_RULE } from '../domain/money.js';
import { OUTCOME_KINDS, ReplyFields, ReplyKind } from '../domain/types.js';
import { MAX_LINES_PER_ORDER } from '../domain/gathering.js';

/** The app as routes see it: the zod schemas on a route type its request and its answers. */
export type Api = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export const SkuParam = z.object({ sku: z.string().regex(SKU_PATTERN, SKU_RULE) });
export const PoParam = z.object({ po: z.string().regex(PO_NUMBER_PATTERN, PO_NUMBER_RULE) });
/** A SKU's PO or a supplier's consolidated PO; the route tells them apart by their form. */
export const PoOrSpoParam = z.object({
  po: z.string().regex(new RegExp(`${PO_NUMBER_PATTERN.source}|${SPO_NUMBER_PATTERN.source}`), `${PO_NUMBER_RULE}, or ${SPO_NUMBER_RULE} for a supplier's consolidated PO`),
});
export const ReplenishmentParam = z.object({ workflowId: z.string().regex(REPLENISHMENT_ID_PATTERN, REPLENISHMENT_ID_RULE) });
/** Any workflow of this service: an agent or one of its replenishments. */
export const WorkflowParam = z.object({
  // One pattern for both forms, so that the published schema says what the route accepts.
  workflowId: z.string().regex(new RegExp(`(?:${REPLENISHMENT_ID_PATTERN.source})|(?:${AGENT_ID_PATTERN.source})`), `${REPLENISHMENT_ID_RULE}, an agent's agent-<SKU>`),
});
export const RepairBody = z.object({ reason: z.string().trim().min(1, 'say why, or leave the reason out').max(500) }).partial().strict();
export const TimelineQuery = z.object({
  runId: z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, 'a run id is a UUID').optional()
    .describe('one run of the workflow (a UUID); without it, the latest'),
});

/** One page of the SKU list: at most `limit` SKUs after the SKU `after`, in SKU order. */
const LIMIT = 'limit is a whole number from 1 to 500';
export const SkuListQuery = z.object({
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(500, LIMIT).default(100),
  after: SkuParam.shape.sku.optional(),
}).strict();

export const StartAgentBody = z.object({ sku: SkuParam.shape.sku }).strict();

const by = z.string().min(1).max(100).optional();

/** The manager stops a replenishment; the reason goes into its record and the supplier's cancellation. */
export const CancelBody = z.object({ reason: z.string().trim().min(1, 'say why the purchase order is cancelled').max(500) }).strict();

/** Other terms an approval may be for: the run checks them against the rules a drafted PO keeps (src/domain/approval-edit.ts). */
const editFields = {
  quantity: z.number().positive('quantity must be above 0').max(Number.MAX_SAFE_INTEGER, `quantity is at most ${Number.MAX_SAFE_INTEGER} units`)
    .int('quantity is a whole number of units').optional()
    .describe('approve this many units instead of the drafted quantity: at least the supplier\'s minimum, in whole packs, and within what the replenishment may order'),
  quoteId: z.string().min(1).max(200).optional()
    .describe('approve another quote the agent holds for this PO (the approvals inbox lists them under alternatives); without quantity, the quantity the agent would draft from it'),
};
const approveFields = {
  decision: z.literal('approve'),
  maxUnitPrice: z.number().positive().max(MAX_AMOUNT, MAX_AMOUNT_RULE).optional()
    .describe('the highest unit price approved; required unless quantity or quoteId is given, when it defaults to the edited line\'s unit price'),
  by, note: z.string().max(500).optional(), ...editFields,
};
const rejectFields = { decision: z.literal('reject'), reason: z.string().min(1).max(500), by };
const DECISION_KIND = "decision must be 'approve' (with maxUnitPrice, or an edit: quantity, quoteId) or 'reject' (with reason)";
const CEILING = 'an approval needs maxUnitPrice, unless it edits the PO (quantity or quoteId)';
const hasCeiling = (a: { maxUnitPrice?: number; quantity?: number; quoteId?: string }) =>
  a.maxUnitPrice !== undefined || a.quantity !== undefined || a.quoteId !== undefined;

const Approve = z.object(approveFields).strict().refine(hasCeiling, { error: CEILING, path: ['maxUnitPrice'] });
export const DecisionBody = z.discriminatedUnion('decision', [Approve, z.object(rejectFields).strict()], { error: DECISION_KIND });

/** Most decisions one bulk request carries: every one is an Update to an agent. */
export const MAX_BULK_DECISIONS = 500;
/**
 * Checked per item, not here: a PO number that cannot exist is that item's 404, so one stale or
 * mistyped entry in a list of hundreds never refuses the rest.
 */
const poNumber = z.string({ error: 'poNumber is required' }).max(200, 'a PO number is at most 200 characters').trim()
  .describe('the PO number; one that cannot exist (blank included) is that item\'s 404');
/** A list of decisions, each answered on its own; a PO may appear once. */
export const BulkDecisionBody = z.object({
  decisions: z.array(z.discriminatedUnion('decision', [
    z.object({ poNumber, ...approveFields }).strict().refine(hasCeiling, { error: CEILING, path: ['maxUnitPrice'] }), z.object({ poNumber, ...rejectFields }).strict(),
  ], { error: DECISION_KIND })).min(1, 'give at least one decision').max(MAX_BULK_DECISIONS, `at most ${MAX_BULK_DECISIONS} decisions in one request`)
    .describe('a PO given again later in the list is answered 409 for that item: only its first decision counts'),
}).strict();

/** A day (`2026-11-30`) or an instant with its offset (`2026-11-30T12:00:00Z`). */
const when = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'expected a date (2026-11-30) or a date and time with offset (2026-11-30T12:00:00Z)' });
const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'expected a month as YYYY-MM');
const RECORD_LIMIT = 'limit is a whole number from 1 to 500';

const OUTCOME = z.enum(OUTCOME_KINDS);
/** A phase as a query names it: `awaiting_approval` for `awaiting approval`. */
export const queryName = (s: string): string => s.trim().toLowerCase().replace(/[\s-]+/g, '_');
const STATUSES = [
  'open', 'settled',
  ...PO_PHASES.filter((p) => !(OUTCOME_KINDS as readonly string[]).includes(p)).map(queryName), ...OUTCOME_KINDS,
] as [string, ...string[]];
// `awaiting approval`, `Awaiting-Approval` and `awaiting_approval` are one status.
const STATUS = z.preprocess((v) => (typeof v === 'string' ? queryName(v) : v),
  z.enum(STATUSES, { error: `status is one of ${STATUSES.join(', ')}` }));

/** Filters of the purchase order list; `from` and `to` bound the last change (a settled PO's settlement). */
export const RecordFilterQuery = z.object({
  sku: SkuParam.shape.sku.optional(),
  supplier: z.string().min(1).max(100).optional(),
  outcome: OUTCOME.optional().describe('settled POs with this outcome; with `status`, the status must be settled or this outcome (otherwise a 400)'),
  status: STATUS.optional().describe('open or settled; a phase of an open PO (awaiting_approval, ordered, …); or an outcome. With `outcome`, only settled or that outcome (otherwise a 400)'),
  from: when.optional().describe('changed (a settled PO: settled) at or after: a day counts from its start (UTC); must come before `to` (otherwise a 400)'),
  to: when.optional().describe('changed (a settled PO: settled) before: a day is included whole (UTC)'),
  approval: z.enum(['rule', 'person']).optional().describe('rule: approved by the approval policy (approver `policy:<rule>`); person: by a manager'),
});
export const RecordListQuery = RecordFilterQuery.extend({
  limit: z.coerce.number({ error: RECORD_LIMIT }).int(RECORD_LIMIT).min(1, RECORD_LIMIT).max(500, RECORD_LIMIT).default(100),
  after: z.string().min(1).max(500).optional().describe('the `next` of the previous page'),
  format: z.enum(['json', 'csv']).default('json').describe('csv: every matching record, no paging'),
}).strict();
export const SpendQuery = z.object({ from: MONTH.optional(), to: MONTH.optional() }).strict();

/** A line of a consolidated PO, named by its own PO number or by its SKU. */
const lineRef = {
  poNumber: z.string().regex(PO_NUMBER_PATTERN, PO_NUMBER_RULE).optional().describe('the line\'s own PO number (PO-<SKU>-<n>), as the consolidated PO listed it'),
  sku: z.string().regex(SKU_PATTERN, SKU_RULE).optional().describe('or the line\'s SKU'),
};
const namesOneLine = (l: { poNumber?: string; sku?: string }) => (l.poNumber === undefined) !== (l.sku === undefined);
const ONE_LINE = { error: 'name the line by poNumber or by sku, one of the two', path: ['poNumber'] };
const linesOf = <T extends z.ZodType>(line: T, what: string) => z.array(line).min(1, `give at least one line, or leave lines out ${what}`)
  .max(MAX_LINES_PER_ORDER, `a consolidated PO has at most ${MAX_LINES_PER_ORDER} lines`);

// What a supplier's system states is bounded as a manager's ceiling is: a price past any purchase is no price.
const replyFields = ReplyFields.partial().extend({ unitPrice: ReplyFields.shape.unitPrice.unwrap().max(MAX_AMOUNT, MAX_AMOUNT_RULE).optional() });
// A "partial" of no units ships nothing: read as one, the order counted as confirmed and its goods were awaited.
const shipsSomething: [(f: { kind?: string; quantity?: number }) => boolean, { path: string[]; message: string }] = [
  (f) => !(f.kind === 'partial' && f.quantity === 0),
  { path: ['quantity'], message: 'a partial ships at least 1 unit; nothing shipping is kind refused, or delayed with its date' },
];

/** What a supplier states of one line of a consolidated PO: the fields of a reply, for that line alone. */
const SpoReplyLine = replyFields.extend({ ...lineRef, kind: ReplyKind }).strict()
  .refine(namesOneLine, ONE_LINE).refine(...shipsSomething);

export const SupplierReplyBody = z.object({
  messageId: z.string().min(1).max(200),
  supplier: z.string().min(1).max(100).optional().describe('the supplier sending it, if given: must be the one that signs it (X-Supplier), otherwise a 400'),
  // Invisible characters count as nothing: a reply nobody can read is refused, never read as anything.
  // Checked in code, not as a pattern: a Unicode property class is beyond what OpenAPI tools generate values for.
  text: z.string().max(5_000_000).regex(/\S/, 'a supplier reply must say something; this text is empty or only whitespace')
    .refine((t) => /[^\s\p{Default_Ignorable_Code_Point}\p{Cf}]/u.test(t), 'a supplier reply must say something; this text is empty or only whitespace')
    .describe('the supplier\'s message as received (plain text or HTML, up to 5,000,000 characters); it must hold at least one visible character: whitespace, zero-width and other invisible format characters alone are refused with a 400')
    .meta({ examples: ['We confirm PO-WASHER-M8-1 for delivery on 12 May 2026.'] }),
  fields: replyFields.refine(...shipsSomething).optional()
    .describe('what the supplier\'s system states of the order; to a consolidated PO, of every line'),
  lines: linesOf(SpoReplyLine, 'to say something of every line').optional()
    .describe('only to a consolidated PO (SPO-…): what the reply states of each line named, which alone hear it (with the text); without lines, every line hears the reply'),
  receivedAt: z.iso.datetime({ offset: true }).optional()
    .describe('when the mail reached you (its Date header), ISO 8601; a date written without a year is read from it. Defaults to when this request arrives'),
}).strict().refine((b) => !(b.fields && b.lines), { error: 'give fields for every line, or lines each with its own, not both', path: ['lines'] });

const units = z.number().positive('quantity must be above 0').max(Number.MAX_SAFE_INTEGER, `quantity is at most ${Number.MAX_SAFE_INTEGER} units`)
  .int('quantity is a whole number of units');
const SpoReceiptLine = z.object({ ...lineRef, quantity: units }).strict().refine(namesOneLine, ONE_LINE);

export const ReceiptBody = z.object({
  receiptId: z.string().min(1).max(200),
  quantity: units.optional().describe('the units received against a PO (PO-…)'),
  lines: linesOf(SpoReceiptLine, '').optional().describe('against a consolidated PO (SPO-…): the units received of each line named'),
}).strict().refine((b) => (b.quantity === undefined) !== (b.lines === undefined), {
  error: 'give quantity (received against a PO) or lines (against a consolidated PO\'s lines), one of the two', path: ['quantity'],
});
