import { days } from '../domain/rules.js';
import { isSettled } from '../domain/state.js';
import { noInput, waitTool } from './tool.js';

export const waitForSupplierReply = waitTool({
  name: 'wait_for_supplier_reply',
  description: "Wait for the supplier's answer to the order (up to the supplier reply wait). A timeout marks the supplier overdue.",
  input: noInput,
  events: ['supplier-reply'],
  allowed: (s) =>
    !isSettled(s) && s.order !== null && !s.confirmed && !s.refused && s.unreadReply === null && !s.supplierOverdue,
  timeoutMs: (_s, rules) => days(rules, rules.supplierReplyDays),
  apply: (s, m) =>
    m ? { ...s, unreadReply: { ...m.payload, messageId: m.messageId, at: m.at } } : { ...s, supplierOverdue: true },
  describe: (s) => `wait_for_supplier_reply on ${s.po?.poNumber} from ${s.po?.supplier}`,
});
