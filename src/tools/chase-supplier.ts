import { isSettled } from '../domain/state.js';
import { callTool, noInput } from './tool.js';

export const chaseSupplier = callTool({
  name: 'chase_supplier',
  description: 'Remind an overdue supplier about the order. Allowed only when the supplier is overdue, a limited number of times.',
  input: noInput,
  allowed: (s, rules) =>
    // A supplier that raised its price is not overdue on a confirmation: its price is the manager's question.
    !isSettled(s) && s.order !== null && s.repricedTo === null && (s.supplierOverdue || s.goodsOverdue) && s.chases < rules.maxChases,
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    const what = s.confirmed ? 'the goods, which are past their expected delivery' : 'a confirmation of the order';
    await ctx.world.chase(po.supplier, po.poNumber, `Reminder: we are waiting for ${what} on ${po.poNumber} (${po.quantity} × ${po.sku}).`);
    return { chased: true };
  },
  apply: (s) => ({ ...s, chases: s.chases + 1, supplierOverdue: false, goodsOverdue: false }),
  // A reminder the supplier will not take counts as one it did not answer, so the chase limit still ends the wait.
  applyRefused: (s) => ({ ...s, chases: s.chases + 1, supplierOverdue: false, goodsOverdue: false }),
  describe: (s) => `chase_supplier ${s.po?.supplier} about ${s.po?.poNumber} (chase ${s.chases + 1})`,
});
