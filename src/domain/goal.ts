export const GOAL =
  'Bring stock back above safety stock: order from a suitable supplier, get every price approved by the ' +
  'manager before money is committed, and see the order through to delivery.';
