import { days } from '../domain/rules.js';
import { isSettled } from '../domain/state.js';
import { noInput, waitTool } from './tool.js';

export const waitForSupplierReply = waitTool({
  name: 'wait_for_supplier_reply',
  description: "Wait for the supplier's answer to the order (up to the supplier reply wait). A timeout marks the supplier overdue; goods that arrive unannounced also end it.",
  input: noInput,
  events: ['supplier-reply', 'goods-receipt'],
  allowed: (s) =>
    !isSettled(s) && s.order !== null && !s.confirmed && !s.refused && s.unreadReply === null && !s.supplierOverdue && !s.unclearReply
    // A raised price is waited on only for the supplier's answer to keeping the ordered one.
    && (s.repricedTo === null || s.awaitingHonour === true),
  timeoutMs: (_s, rules) => days(rules, rules.supplierReplyDays),
  apply: (s, m, now) => {
    if (!m) return { ...s, supplierOverdue: true, ...(s.awaitingHonour ? { awaitingHonour: false } : {}) };
    if (m.event === 'supplier-reply') return { ...s, unreadReply: { ...m.payload, messageId: m.messageId, at: m.at } };
    // Goods on the dock are the supplier's confirmation.
    const receipt = { receiptId: m.messageId, quantity: m.payload.quantity, receivedAt: now };
    return { ...s, confirmed: true, ...(s.awaitingHonour ? { awaitingHonour: false } : {}), receipts: [...s.receipts, receipt], received: s.received + m.payload.quantity };
  },
  describe: (s) => `wait_for_supplier_reply on ${s.po?.poNumber} from ${s.po?.supplier}`,
});
