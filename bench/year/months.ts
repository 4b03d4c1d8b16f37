import { orderingCost, ordersAtSuppliers, type PlacedOrder } from './ledger.js';

/** Business days in a month, for figures per month. */
export const BUSINESS_DAYS_A_MONTH = 21;

/** The days the manager was asked to approve a PO, and handed a message to act on. */
export interface TouchDays { approvalsAsked: number[]; handedOver: number[] }

/** One month of a policy's buying, summed over every SKU and seed. Touches are null for a policy no person works with. */
export interface Month {
  /** Orders at suppliers: a consolidated PO once, whatever its lines. */
  orders: number;
  /** The policy's cost of an order for each, and the freight paid. */
  ordering: number;
  approvalsAsked: number | null;
  handedOver: number | null;
}

/** The year month by month (the last month may be short); an order counts in the month it was placed. */
export function monthsOf(days: number, orders: readonly PlacedOrder[], orderCost: number, touches?: TouchDays): Month[] {
  const monthOf = (day: number) => Math.floor(day / BUSINESS_DAYS_A_MONTH);
  return Array.from({ length: Math.ceil(days / BUSINESS_DAYS_A_MONTH) }, (_, m): Month => {
    const placed = orders.filter((o) => monthOf(o.day) === m);
    const count = (ds: number[] | undefined) => (ds ? ds.filter((d) => monthOf(d) === m).length : null);
    return {
      orders: ordersAtSuppliers(placed), ordering: orderingCost(placed, orderCost),
      approvalsAsked: count(touches?.approvalsAsked), handedOver: count(touches?.handedOver),
    };
  });
}
