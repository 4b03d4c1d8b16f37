import { days } from '../domain/rules.js';
import { backorder, isSettled } from '../domain/state.js';
import { noInput, waitTool } from './tool.js';

export const waitForGoods = waitTool({
  name: 'wait_for_goods',
  description: 'Wait for the goods to arrive (until the expected delivery plus slack). A supplier message also ends the wait.',
  input: noInput,
  events: ['goods-receipt', 'supplier-reply'],
  allowed: (s) =>
    !isSettled(s) && s.order !== null && s.confirmed && backorder(s) > 0 && !s.goodsOverdue && s.unreadReply === null &&
    !s.refused && s.repricedTo === null && !s.unclearReply,
  timeoutMs: (s, rules, now) => {
    const untilDelivery = s.expectedDelivery ? Math.max(0, Date.parse(s.expectedDelivery) - Date.parse(now)) : 0;
    return untilDelivery + days(rules, rules.goodsSlackDays);
  },
  apply: (s, m, now) => {
    if (!m) return { ...s, goodsOverdue: true };
    if (m.event === 'supplier-reply') return { ...s, unreadReply: { ...m.payload, messageId: m.messageId, at: m.at } };
    const receipt = { receiptId: m.messageId, quantity: m.payload.quantity, receivedAt: now };
    return { ...s, receipts: [...s.receipts, receipt], received: s.received + m.payload.quantity };
  },
  describe: (s) => `wait_for_goods on ${s.po?.poNumber}: ${backorder(s)} units outstanding`,
});
