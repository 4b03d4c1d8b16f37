import type { ReplyFields, SupplierReply } from '../domain/types.js';
import { excerpt } from '../domain/text.js';
import { visibleText } from '../domain/visible-text.js';
import { repriced } from '../domain/order-costs.js';
import { ordered, type ReplenishState } from '../domain/state.js';
import type { ReplyContext } from '../domain/world.js';
import { currencyOf } from '../domain/rules.js';
import { callTool, noInput } from './tool.js';

/** The order goes on as placed: a price the supplier raised before is withdrawn, and so is the question about it. */
const goesOnAsPlaced = (s: ReplenishState): ReplenishState =>
  (s.repricedTo === null ? s : { ...s, repricedTo: null, approvalPending: s.order !== null && s.approvalPending ? false : s.approvalPending });

function applyReply(s: ReplenishState, reply: SupplierReply): ReplenishState {
  const next = {
    ...s, replies: [...s.replies, reply], unreadReply: null, supplierOverdue: false, goodsOverdue: false, unclearReply: false,
    ...(s.awaitingHonour ? { awaitingHonour: false } : {}),
  };
  switch (reply.kind) {
    case 'partial':
      // A "partial" of the whole order or more is no partial: which it is, a person asks.
      if (reply.quantity !== undefined && reply.quantity >= ordered(s)) return { ...next, unclearReply: true };
      return { ...goesOnAsPlaced(next), confirmed: true, expectedDelivery: reply.deliveryDate ?? s.expectedDelivery };
    case 'confirmed':
    case 'delayed':
      return { ...goesOnAsPlaced(next), confirmed: true, expectedDelivery: reply.deliveryDate ?? s.expectedDelivery };
    case 'price_change': {
      // A new price within the manager's ceiling stands; above it the manager decides (ask_manager_about_price).
      const ceiling = s.decision?.kind === 'approved' ? s.decision.maxUnitPrice : 0;
      // A price change that names no price cannot be weighed against the approval: it is unclear.
      if (reply.unitPrice === undefined) return { ...next, unclearReply: true };
      // The date the supplier gives with its new price is when the goods come once the price stands
      // (at once, or when the manager accepts it): without it the goods were chased by the old date.
      const expectedDelivery = reply.deliveryDate ?? s.expectedDelivery;
      return reply.unitPrice <= ceiling
        ? { ...goesOnAsPlaced(next), confirmed: true, expectedDelivery, po: s.po && repriced(s.po, reply.unitPrice) }
        // The supplier no longer confirms the order at the price it was placed at.
        : { ...next, repricedTo: reply.unitPrice, confirmed: false, expectedDelivery };
    }
    case 'refused':
      return { ...next, refused: true };
    case 'unclear':
      // The order stays as it was; the agent asks the supplier to restate it, then the manager.
      return { ...next, unclearReply: true };
  }
}

/** What the reader has beside the unread reply, as a clerk has the PO beside the mail. */
export function replyContext(s: ReplenishState, currency: string): ReplyContext {
  const u = s.unreadReply!;
  const quote = s.quotes?.find((q) => q.quoteId === s.po!.quoteId);
  const packSize = quote?.orderMultiple;
  return {
    poNumber: s.po!.poNumber,
    ...(s.supplierOrder?.spoNumber ? { groupPoNumber: s.supplierOrder.spoNumber } : {}),
    unitPrice: s.po!.unitPrice,
    currency,
    quantity: s.po!.quantity,
    ...(quote?.unit !== undefined ? { unit: quote.unit } : {}),
    ...(packSize !== undefined && packSize > 1 ? { packSize } : {}),
    ...(s.po!.freight ? { freight: s.po!.freight } : {}),
    // The date the supplier acknowledged when the order was placed is the date it was placed for.
    ...(s.order ? { requestedDate: s.order.expectedDelivery } : {}),
    // A mail dated later than it arrived (a sender's clock off by years) gives no year to its dates.
    receivedAt: u.receivedAt !== undefined && Date.parse(u.receivedAt) < Date.parse(u.at) ? u.receivedAt : u.at,
  };
}

export const readSupplierReply = callTool({
  name: 'read_supplier_reply',
  description: "Read the supplier's latest message into its fields: confirmation, new delivery date, price change, refusal or partial delivery.",
  input: noInput,
  allowed: (s) => s.unreadReply !== null,
  execute: async (_input, s, ctx): Promise<ReplyFields> => {
    const u = s.unreadReply!;
    const text = u.documentRef ? await ctx.world.document(u.documentRef) : u.text;
    return ctx.reader.read(text, u.fields ?? {}, replyContext(s, currencyOf(ctx.rules)));
  },
  apply: (s, _input, fields) => {
    const u = s.unreadReply!;
    // The excerpt a person (or a model) later reads is the visible text, never hidden markup.
    return applyReply(s, { ...fields, messageId: u.messageId, receivedAt: u.at, excerpt: excerpt(visibleText(u.text)) });
  },
  describe: (s) => `read_supplier_reply ${s.unreadReply?.messageId ?? ''} on ${s.po?.poNumber}`,
});
