import { parseSpoNumber, skuOfPo } from '../../domain/ids.js';
import { number, text } from '../args.js';
import type { Command, Context, Values } from '../command.js';
import { exitCodeFor, UsageError } from '../errors.js';
import { ago, json, money, table } from '../format.js';
import { followPastApproval } from '../follow.js';
import type { Delivered, PendingApproval } from '../views.js';

/** The API records the approver its token proves and says who that was. */
type Decided = Delivered & { by?: string };
const byWhom = (r: Decided) => (r.by ? ` by ${r.by}` : '');
const decisionPath = (po: string) => `/purchase-orders/${encodeURIComponent(po)}/decision`;

/**
 * Above TWO_APPROVALS_ABOVE an approval taken may be the first of two: the PO still waits, and
 * saying "approved" alone had the manager believe it ordered. Null when this approval is enough.
 */
function stillWaiting(a: PendingApproval, r: { by?: string }): string | null {
  const needed = a.approvalsNeeded ?? 1;
  const count = (a.approvedBy ?? []).filter((b) => b !== r.by).length + 1;
  return count < needed ? `${count} of ${needed} approvals: another manager must approve it too` : null;
}

/** A price raised after the order, in words: the table shows the new price as any other. */
const raisedWords = (a: PendingApproval): string =>
  `${a.supplier} raised its price after the order, from ${money(a.priceChange!.orderedUnitPrice)} to ${money(a.unitPrice)}`;

/** Who approved so far of how many must: `dana 1/2`; `-` where one approval is enough and none came yet. */
const approvalsSoFar = (a: PendingApproval): string => {
  const by = a.approvedBy ?? [];
  const needed = a.approvalsNeeded ?? 1;
  return needed > 1 || by.length > 0 ? `${by.join(', ') || 'none'} ${by.length}/${needed}` : '-';
};

/** A consolidated PO's lines under the table, each under its own PO number, then its goods, freight and why its window closed. */
function consolidatedLines(a: PendingApproval, currency: string | undefined): string {
  const lines = a.lines ?? [];
  const head = `${a.poNumber}: consolidated PO of ${lines.length} line${lines.length === 1 ? '' : 's'} from ${a.supplier}, decided whole`
    + ` (goods ${money(a.goods)}, freight ${money(a.freight ?? 0)}, total ${money(a.total)}${currency ? ` ${currency}` : ''}; ${a.closedBecause ?? 'gathered'})`;
  const rows = table(['  LINE', 'SKU', 'QTY', 'UNIT', 'TOTAL'], lines.map((l) => [`  ${l.poNumber}`, l.sku, String(l.quantity), money(l.unitPrice), money(l.lineTotal)]), [2, 3, 4]);
  return `${head}\n${rows}`;
}

const approvals: Command = {
  name: 'approvals',
  summary: 'purchase orders waiting for a decision',
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const { items, currency } = await ctx.api.get<{ items: PendingApproval[]; currency?: string }>('/approvals');
    if (ctx.json) return ctx.out(json({ currency, items }));
    if (items.length === 0) return ctx.out('No purchase orders are waiting for approval.');
    // Who approved so far, where some PO needs two managers (TWO_APPROVALS_ABOVE): one approval there leaves it waiting.
    const counted = items.some((a) => (a.approvalsNeeded ?? 1) > 1 || (a.approvedBy ?? []).length > 0);
    ctx.out(table(
      ['PO', 'SKU', 'SUPPLIER', 'QTY', currency ? `UNIT ${currency}` : 'UNIT', currency ? `TOTAL ${currency}` : 'TOTAL', 'ON HAND/SAFETY', 'ALTERNATIVES', ...(counted ? ['APPROVED'] : []), 'WAITING'],
      items.map((a) => [
        a.poNumber, a.sku, a.supplier, String(a.quantity), money(a.unitPrice), money(a.total), a.kind === 'consolidated' ? '-' : `${a.onHand}/${a.safetyStock}`,
        a.alternatives.map((q) => `${q.supplier} ${money(q.unitPrice)}`).join(', ') || '-', ...(counted ? [approvalsSoFar(a)] : []), ago(a.requestedAt, ctx.now()),
      ]),
      [3, 4, 5],
    ));
    for (const a of items.filter((i) => i.kind === 'consolidated')) ctx.out(consolidatedLines(a, currency));
    for (const a of items.filter((i) => i.priceChange)) {
      ctx.out(`${a.poNumber}: ${raisedWords(a)}${a.priceChange!.supplierSays ? ` ("${a.priceChange!.supplierSays}")` : ''}; approving accepts the new price.`);
    }
  },
};

const approve: Command = {
  name: 'approve',
  args: '<PO> --max-price <n> | <PO> --quantity <n> --quote <id> | --all',
  summary: 'approve a purchase order up to a unit price, or with edits (another quantity or quote), or --all waiting ones that pass the filters',
  positionals: { min: 0, max: 1 },
  options: {
    'max-price': { type: 'string', value: 'n', help: 'the highest unit price you accept (required with a PO, unless you edit it)' },
    quantity: { type: 'string', value: 'n', help: 'approve this many units instead of the drafted quantity (the agent checks minimum, packs and limits)' },
    quote: { type: 'string', value: 'id', help: 'approve another quote the agent holds for the PO (`approvals --json` lists their quoteIds)' },
    note: { type: 'string', value: 'text', help: 'a note kept with the decision' },
    wait: { type: 'boolean', help: 'follow the replenishment until it has moved past approval, printing its phases' },
    timeout: { type: 'string', value: 'seconds', help: 'how long --wait waits (default 60)' },
    all: { type: 'boolean', help: 'every PO waiting for approval that passes the filters below, each up to its drafted unit price' },
    'sku-prefix': { type: 'string', value: 'text', help: 'with --all: only SKUs starting so' },
    supplier: { type: 'string', value: 'id', help: 'with --all: only POs drafted for this supplier' },
    'max-total': { type: 'string', value: 'n', help: 'with --all: only POs whose total is at most this' },
    'dry-run': { type: 'boolean', help: 'with --all: list what would be approved, decide nothing' },
  },
  examples: [
    'replenisher approve PO-SKU-100-1 --max-price 5.50',
    'replenisher approve PO-SKU-100-1 --max-price 5.50 --note "ok for Q3" --wait',
    'replenisher approve PO-SKU-100-1 --quantity 50',
    'replenisher approve PO-SKU-100-1 --quote q-quickparts-7 --quantity 60',
    'replenisher approve SPO-quickparts-3 --max-price 2.00',
    'replenisher approve --all --sku-prefix WASHER- --max-total 500 --dry-run',
  ],
  async run(ctx, input) {
    const { values, positionals: [po] } = input;
    if (values.all) {
      if (po) throw new UsageError('give a PO or --all, not both', approve);
      return approveAll(ctx, values);
    }
    if (!po) throw new UsageError('missing <PO> (or --all)', approve);
    const allOnly = ['sku-prefix', 'supplier', 'max-total', 'dry-run'].find((o) => values[o] !== undefined);
    if (allOnly) throw new UsageError(`--${allOnly} goes with --all`, approve);
    const maxUnitPrice = number(values, 'max-price', 'positive', approve);
    const quantity = number(values, 'quantity', 'count', approve);
    const quoteId = text(values, 'quote');
    const edit = { ...(quantity !== undefined ? { quantity } : {}), ...(quoteId !== undefined ? { quoteId } : {}) };
    const edited = Object.keys(edit).length > 0;
    if (maxUnitPrice === undefined && !edited) throw new UsageError('--max-price is required (or an edit: --quantity, --quote)', approve);
    if (values.wait && parseSpoNumber(po)) throw new UsageError(`--wait follows one SKU's PO; follow the lines of ${po} with \`replenisher show <SKU>\``, approve);
    const timeoutS = number(values, 'timeout', 'positive', approve) ?? 60;
    const note = text(values, 'note');
    // Whether this approval can be the first of two: read before deciding; the decision does not wait on it.
    const before = ctx.json ? undefined : await ctx.api.get<{ items: PendingApproval[] }>('/approvals').then((r) => r.items.find((a) => a.poNumber === po), () => undefined);
    const result = await ctx.api.post<Decided>(decisionPath(po), {
      decision: 'approve', ...(maxUnitPrice !== undefined ? { maxUnitPrice } : {}), ...edit, ...(note ? { note } : {}),
    });
    const terms = [quantity !== undefined ? `${quantity} units` : '', quoteId !== undefined ? `quote ${quoteId}` : ''].filter(Boolean).join(' from ');
    const more = !edited && before ? stillWaiting(before, result) : null;
    const said = `${po}: approved${byWhom(result)}${edited ? ` with edits (${terms})` : ''}${maxUnitPrice !== undefined ? ` up to ${money(maxUnitPrice)}` : ''}${more ? `; ${more}` : ''}`;
    if (!values.wait) return ctx.out(ctx.json ? json(result) : `${said} (${result.status} to ${result.workflowId})`);
    if (!ctx.json) ctx.out(`${said}; following ${result.workflowId}`);
    const phases = await followPastApproval(ctx, skuOfPo(po), po, timeoutS * 1000, { throughRevision: edited });
    if (ctx.json) ctx.out(json({ ...result, phases }));
  },
};

interface BulkResult { poNumber: string; status: number; result?: string; error?: string; by?: string }

/** Decisions sent in one request at most: the API's own limit. */
const BULK_LIMIT = 500;

/** `approve --all`: the waiting POs that pass the filters, each approved up to its own drafted price, in one bulk request per 500. */
async function approveAll(ctx: Context, values: Values): Promise<number | void> {
  if (values.wait) throw new UsageError('--wait follows one PO; it does not go with --all', approve);
  if (values['max-price'] !== undefined) throw new UsageError('--all approves each PO up to its own drafted price; use --max-total to leave out large ones', approve);
  const editing = ['quantity', 'quote'].find((o) => values[o] !== undefined);
  if (editing) throw new UsageError(`--${editing} edits one PO; it does not go with --all`, approve);
  const prefix = text(values, 'sku-prefix');
  const supplier = text(values, 'supplier');
  const maxTotal = number(values, 'max-total', 'positive', approve);
  const note = text(values, 'note');
  const { items, currency } = await ctx.api.get<{ items: PendingApproval[]; currency?: string }>('/approvals');
  // A consolidated PO passes the SKU filter when every one of its lines does.
  const skusOf = (a: PendingApproval) => (a.lines ? a.lines.map((l) => l.sku) : [a.sku]);
  const passing = items.filter((a) => (!prefix || skusOf(a).every((sku) => sku.startsWith(prefix))) && (!supplier || a.supplier === supplier) && (maxTotal === undefined || a.total <= maxTotal));
  // A price raised after the order is no drafted price: approving it in bulk accepted the raise unseen.
  const chosen = passing.filter((a) => !a.priceChange);
  if (!ctx.json) {
    for (const a of passing.filter((p) => p.priceChange)) {
      ctx.out(`Left out ${a.poNumber}: ${raisedWords(a)}; decide it on its own (replenisher approve ${a.poNumber} --max-price ${a.unitPrice}, or reject it).`);
    }
  }
  if (chosen.length === 0) {
    const none = passing.length > 0 ? 'Nothing else to approve.' : `None of the ${items.length} purchase orders waiting for approval passes the filters.`;
    return ctx.out(ctx.json ? json({ results: [] }) : none);
  }
  if (values['dry-run']) {
    if (ctx.json) return ctx.out(json({ wouldApprove: chosen }));
    ctx.out(`Would approve ${chosen.length} of ${items.length} waiting:`);
    return ctx.out(table(['PO', 'SKU', 'SUPPLIER', currency ? `UNIT ${currency}` : 'UNIT', currency ? `TOTAL ${currency}` : 'TOTAL'],
      chosen.map((a) => [a.poNumber, a.sku, a.supplier, money(a.unitPrice), money(a.total)]), [3, 4]));
  }
  const results: BulkResult[] = [];
  for (let i = 0; i < chosen.length; i += BULK_LIMIT) {
    const decisions = chosen.slice(i, i + BULK_LIMIT).map((a) => ({ poNumber: a.poNumber, decision: 'approve', maxUnitPrice: a.unitPrice, ...(note ? { note } : {}) }));
    results.push(...(await ctx.api.post<{ results: BulkResult[] }>('/approvals/decisions', { decisions })).results);
  }
  const failed = results.filter((r) => r.status >= 300);
  const waitingFor = (r: BulkResult): string | null => {
    const a = chosen.find((c) => c.poNumber === r.poNumber);
    return a && r.status === 202 ? stillWaiting(a, r) : null;
  };
  const partly = results.filter((r) => waitingFor(r) !== null);
  if (ctx.json) ctx.out(json({ results }));
  else {
    ctx.out(table(['PO', 'RESULT'], results.map((r) => [r.poNumber, r.status < 300
      ? `approved${r.by ? ` by ${r.by}` : ''} (${r.result})${waitingFor(r) ? `; ${waitingFor(r)}` : ''}`
      : `${r.status}: ${r.error}`])));
    const more = partly.length ? `; ${partly.length} of them wait for another manager's approval` : '';
    ctx.out(`${results.length - failed.length} of ${results.length} approved${more}${failed.length ? `; ${failed.length} not taken` : ''}.`);
  }
  // Some were not taken: the exit code says why the first was not (409 a conflict, 404 not found, …).
  return failed.length ? exitCodeFor(failed[0]!.status) : undefined;
}

/** A manager's message about a PO that needs only a reason: a rejection, a cancellation. */
function withReason(o: { name: string; summary: string; help: string; example: string; send: (po: string, reason: string) => [string, unknown]; said: string }): Command {
  const command: Command = {
    name: o.name,
    args: '<PO>',
    summary: o.summary,
    positionals: { min: 1, max: 1 },
    options: { reason: { type: 'string', value: 'text', help: o.help, required: true } },
    examples: [`replenisher ${o.name} PO-SKU-100-1 --reason "${o.example}"`],
    async run(ctx, { values, positionals: [po] }) {
      const [path, body] = o.send(po!, text(values, 'reason')!);
      const result = await ctx.api.post<Decided>(path, body);
      ctx.out(ctx.json ? json(result) : `${po}: ${o.said}${byWhom(result)} (${result.status} to ${result.workflowId})`);
    },
  };
  return command;
}

const reject = withReason({
  name: 'reject', summary: 'reject a purchase order, saying why', help: 'why; the agent and its log keep it',
  example: 'we are discontinuing this item', said: 'rejected',
  send: (po, reason) => [decisionPath(po), { decision: 'reject', reason }],
});

const cancel = withReason({
  name: 'cancel', summary: 'cancel a running replenishment (and the order at the supplier, if placed), saying why',
  help: 'why; the supplier, the outcome and the log keep it', example: 'ordered from a local supplier instead', said: 'cancellation',
  send: (po, reason) => [`/purchase-orders/${encodeURIComponent(po)}/cancel`, { reason }],
});

export const approvalCommands: Command[] = [approvals, approve, reject, cancel];
