import type { OrderAck } from '../domain/types.js';
import { callTool, noInput } from './tool.js';

export const findOrder = callTool({
  name: 'find_order',
  description: 'Look the purchase order up at the supplier by its PO number, to learn whether an order whose answer was lost was taken.',
  input: noInput,
  resolvesUnknownOrder: true,
  allowed: (s) => s.orderUnknown && s.po !== null,
  execute: (_input, s, ctx): Promise<OrderAck | null> => ctx.world.findOrder(s.po!.supplier, s.po!.poNumber),
  // Found: as if the acknowledgement had arrived. Not found: placing again with the same PO number is safe.
  apply: (s, _input, ack, now) =>
    ack
      ? { ...s, orderUnknown: false, order: ack, orderedAt: now, expectedDelivery: ack.expectedDelivery }
      : { ...s, orderUnknown: false },
  applyUnanswered: (s) => ({ ...s, lookupsFailed: s.lookupsFailed + 1 }),
  describe: (s) => `find_order ${s.po?.poNumber} at ${s.po?.supplier}`,
});
