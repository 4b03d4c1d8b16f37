import { randomUUID } from 'node:crypto';
import { ReplyKind } from '../../domain/types.js';
import { isoTime, number, oneOf, text } from '../args.js';
import type { Command } from '../command.js';
import { UsageError } from '../errors.js';
import { json } from '../format.js';
import type { Delivered } from '../views.js';

const poPath = (po: string, what: string) => `/purchase-orders/${encodeURIComponent(po)}/${what}`;
const said = (r: Delivered): string => ({
  delivered: `delivered to ${r.workflowId}`,
  held: `held by ${r.workflowId} until the order is placed`,
  duplicate: 'already delivered before; ignored as a duplicate',
  queued: `handed to ${r.workflowId}, which has not read it yet (its next step waits for a worker)`,
})[r.status];

const reply: Command = {
  name: 'reply',
  args: '<PO>',
  summary: "pass on a supplier's reply to a purchase order, signed with the supplier's secret",
  positionals: { min: 1, max: 1 },
  options: {
    text: { type: 'string', value: 'text', help: "the supplier's message as written", required: true },
    kind: { type: 'string', value: 'kind', help: `what it says, if known: ${ReplyKind.options.join('|')}` },
    date: { type: 'string', value: 'date', help: 'the delivery date it gives (2025-06-30 or an ISO date-time)' },
    price: { type: 'string', value: 'n', help: 'the unit price it asks' },
    quantity: { type: 'string', value: 'n', help: 'the quantity it can deliver' },
    supplier: { type: 'string', value: 'id', help: 'the supplier sending it, whose secret signs it (env REPLENISHER_SUPPLIER)' },
    'message-id': { type: 'string', value: 'id', help: "the message's id; the same id twice counts once (default: a new uuid)" },
  },
  examples: [
    'replenisher reply PO-SKU-100-1 --text "Confirmed, delivery on 30 June" --kind confirmed --date 2025-06-30',
    'REPLENISHER_SUPPLIER_SECRET=… replenisher reply PO-SKU-100-1 --supplier acme-industrial --text "We can only ship 30" --kind partial --quantity 30',
  ],
  async run(ctx, { values, positionals: [po] }) {
    const fields = {
      ...(values.kind !== undefined ? { kind: oneOf(values, 'kind', ReplyKind.options, reply) } : {}),
      ...(values.date !== undefined ? { deliveryDate: isoTime(values, 'date', reply) } : {}),
      ...(values.price !== undefined ? { unitPrice: number(values, 'price', 'positive', reply) } : {}),
      ...(values.quantity !== undefined ? { quantity: number(values, 'quantity', 'count', reply) } : {}),
    };
    const supplier = text(values, 'supplier') || ctx.env.REPLENISHER_SUPPLIER;
    if (ctx.api.signs('supplier') && !supplier) throw new UsageError('--supplier (or REPLENISHER_SUPPLIER) is needed to sign a reply', reply);
    const body = {
      messageId: text(values, 'message-id') ?? randomUUID(),
      text: text(values, 'text'),
      ...(Object.keys(fields).length ? { fields } : {}),
    };
    const result = await ctx.api.post<Delivered>(poPath(po!, 'supplier-replies'), body, supplier ? { as: 'supplier', id: supplier } : undefined);
    ctx.out(ctx.json ? json({ ...result, messageId: body.messageId }) : `${po}: reply ${body.messageId} ${said(result)}`);
  },
};

const receive: Command = {
  name: 'receive',
  args: '<PO>',
  summary: "record goods received against a purchase order, signed with the warehouse's secret",
  positionals: { min: 1, max: 1 },
  options: {
    quantity: { type: 'string', value: 'n', help: 'units received', required: true },
    'receipt-id': { type: 'string', value: 'id', help: 'the receipt id; the same id twice counts once (default: a new uuid)' },
  },
  examples: ['replenisher receive PO-SKU-100-1 --quantity 90 --receipt-id GR-2291'],
  async run(ctx, { values, positionals: [po] }) {
    const body = { receiptId: text(values, 'receipt-id') ?? randomUUID(), quantity: number(values, 'quantity', 'count', receive) };
    const result = await ctx.api.post<Delivered>(poPath(po!, 'receipts'), body, { as: 'warehouse' });
    ctx.out(ctx.json ? json({ ...result, receiptId: body.receiptId }) : `${po}: ${body.quantity} units received, receipt ${body.receiptId} ${said(result)}`);
  },
};

export const messageCommands: Command[] = [reply, receive];
