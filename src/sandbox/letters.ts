import type { ReplyFields } from '../domain/types.js';
import type { StoredOrder } from './store.js';

// Suppliers write prose; the agent has to read it. The structured fields travel alongside so
// tests can compare what the reader extracted with what was meant.
export function letter(order: StoredOrder, fields: ReplyFields, deliver: number): string {
  const ref = `${order.poNumber} (our ref ${order.supplierRef})`;
  const day = (iso: string | undefined) => (iso ?? order.expectedDelivery).slice(0, 10);
  switch (fields.kind) {
    case 'refused':
      return `Dear customer,\n\nunfortunately we cannot accept order ${ref}: ${order.sku} is not available to us at the moment.\n\nRegards,\n${order.supplier}`;
    case 'confirmed':
      return (
        `Dear customer,\n\nwe confirm order ${ref} for ${order.quantity} x ${order.sku} at ${order.unitPrice.toFixed(2)} per unit. ` +
        `Delivery is planned for ${day(fields.deliveryDate)}.` +
        (deliver < order.quantity ? ' Please note that stock is tight on our side.' : '') +
        `\n\nRegards,\n${order.supplier}`
      );
    default:
      return `Dear customer,\n\nregarding order ${ref}: ${fields.kind.replace('_', ' ')}.\n\nRegards,\n${order.supplier}`;
  }
}
