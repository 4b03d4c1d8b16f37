import { skuOfPo } from '../../domain/ids.js';
import { number, text } from '../args.js';
import type { Command } from '../command.js';
import { ago, json, money, table } from '../format.js';
import { followPastApproval } from '../follow.js';
import type { Delivered, PendingApproval } from '../views.js';

/** The API records the approver its token proves and says who that was. */
type Decided = Delivered & { by?: string };
const byWhom = (r: Decided) => (r.by ? ` by ${r.by}` : '');
const decisionPath = (po: string) => `/purchase-orders/${encodeURIComponent(po)}/decision`;

const approvals: Command = {
  name: 'approvals',
  summary: 'purchase orders waiting for a decision',
  positionals: { min: 0, max: 0 },
  async run(ctx) {
    const { items, currency } = await ctx.api.get<{ items: PendingApproval[]; currency?: string }>('/approvals');
    if (ctx.json) return ctx.out(json({ currency, items }));
    if (items.length === 0) return ctx.out('No purchase orders are waiting for approval.');
    ctx.out(table(
      ['PO', 'SKU', 'SUPPLIER', 'QTY', currency ? `UNIT ${currency}` : 'UNIT', currency ? `TOTAL ${currency}` : 'TOTAL', 'ON HAND/SAFETY', 'ALTERNATIVES', 'WAITING'],
      items.map((a) => [
        a.poNumber, a.sku, a.supplier, String(a.quantity), money(a.unitPrice), money(a.total), `${a.onHand}/${a.safetyStock}`,
        a.alternatives.map((q) => `${q.supplier} ${money(q.unitPrice)}`).join(', ') || '-', ago(a.requestedAt, ctx.now()),
      ]),
      [3, 4, 5],
    ));
  },
};

const approve: Command = {
  name: 'approve',
  args: '<PO>',
  summary: 'approve a purchase order up to a unit price',
  positionals: { min: 1, max: 1 },
  options: {
    'max-price': { type: 'string', value: 'n', help: 'the highest unit price you accept', required: true },
    note: { type: 'string', value: 'text', help: 'a note kept with the decision' },
    wait: { type: 'boolean', help: 'follow the replenishment until it has moved past approval, printing its phases' },
    timeout: { type: 'string', value: 'seconds', help: 'how long --wait waits (default 60)' },
  },
  examples: ['replenisher approve PO-SKU-100-1 --max-price 5.50', 'replenisher approve PO-SKU-100-1 --max-price 5.50 --note "ok for Q3" --wait'],
  async run(ctx, { values, positionals: [po] }) {
    const maxUnitPrice = number(values, 'max-price', 'positive', approve)!;
    const timeoutS = number(values, 'timeout', 'positive', approve) ?? 60;
    const note = text(values, 'note');
    const result = await ctx.api.post<Decided>(decisionPath(po!), { decision: 'approve', maxUnitPrice, ...(note ? { note } : {}) });
    const said = `${po}: approved${byWhom(result)} up to ${money(maxUnitPrice)}`;
    if (!values.wait) return ctx.out(ctx.json ? json(result) : `${said} (${result.status} to ${result.workflowId})`);
    if (!ctx.json) ctx.out(`${said}; following ${result.workflowId}`);
    const phases = await followPastApproval(ctx, skuOfPo(po!), po!, timeoutS * 1000);
    if (ctx.json) ctx.out(json({ ...result, phases }));
  },
};

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
