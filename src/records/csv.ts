import type { PurchaseOrderItem } from './store.js';

const COLUMNS: [string, (r: PurchaseOrderItem) => string | number | null][] = [
  ['po_number', (r) => r.poNumber], ['replenishment_id', (r) => r.replenishmentId], ['sku', (r) => r.sku],
  ['supplier', (r) => r.supplier], ['outcome', (r) => r.outcome], ['status', (r) => r.status], ['quantity_ordered', (r) => r.quantityOrdered],
  ['quantity_received', (r) => r.quantityReceived], ['unit_price', (r) => r.unitPrice], ['order_total', (r) => r.orderTotal],
  ['currency', (r) => r.currency], ['approved_by', (r) => r.approvals.filter((a) => a.decision === 'approved').map((a) => a.by).join(' ')],
  ['approval_rule', (r) => r.approvals.map((a) => a.rule).filter(Boolean).join(' ')],
  ['ordered_at', (r) => r.orderedAt], ['received_at', (r) => r.receivedAt], ['settled_at', (r) => r.settledAt], ['updated_at', (r) => r.updatedAt], ['reason', (r) => r.reason],
  // Last, so the columns a spreadsheet already reads by position stay where they were.
  ['supplier_order', (r) => r.supplierOrder ?? null],
];

/**
 * RFC 4180 quoting; a text cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR)
 * gets a leading apostrophe, since reasons and supplier names come from outside.
 */
function cell(v: string | number | null): string {
  if (v === null) return '';
  if (typeof v === 'number') return String(v);
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(',')}\r\n`;
export const csvLine = (r: PurchaseOrderItem): string => `${COLUMNS.map(([, get]) => cell(get(r))).join(',')}\r\n`;
