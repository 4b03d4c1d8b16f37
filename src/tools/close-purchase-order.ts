import type { StockLevel } from '../domain/types.js';
import { backorder, isSettled } from '../domain/state.js';
import { callTool, noInput } from './tool.js';

export const closePurchaseOrder = callTool({
  name: 'close_purchase_order',
  description: 'Book the received goods into stock and close the purchase order. Allowed once everything arrived, or when the rest is overdue and chasing is exhausted.',
  input: noInput,
  allowed: (s, rules) =>
    !isSettled(s) && s.order !== null && s.received > 0 &&
    (backorder(s) === 0 || s.refused || s.priceRejected !== undefined || (s.goodsOverdue && s.chases >= rules.maxChases)),
  execute: (_input, s, ctx): Promise<StockLevel> => ctx.world.bookReceipt(s.sku, s.po!.poNumber, s.received),
  apply: (s, _input, stock) => ({ ...s, stock, closed: true }),
  describe: (s) => `close_purchase_order ${s.po?.poNumber}: ${s.received} received`,
});
