// The blanket agreements: what each allows, what remains, and whether it still holds.
import { request } from './api.js';
import { $, h } from './format.js';

/** What remains of each line and of the value, in one line of text. */
function remaining(a) {
  const lines = a.lines.map((l) => `${l.sku} at ${l.unitPrice} ${a.currency}${l.remainingQuantity === null ? '' : `, ${l.remainingQuantity} of ${l.quantity} left`}`);
  const value = a.remainingValue === null ? [] : [`${a.remainingValue.toFixed(2)} of ${a.totalValue.toFixed(2)} ${a.currency} left`];
  return [...lines, ...value].join('; ');
}

export async function refreshAgreements() {
  const { items } = await request('GET', '/agreements');
  const key = JSON.stringify(items.map((a) => [a.agreementId, a.status, a.drawnValue, a.lines.map((l) => l.drawnQuantity)]));
  $('agreements-empty').hidden = items.length > 0;
  if ($('agreements-list').dataset.key === key) return;
  $('agreements-list').dataset.key = key;
  $('agreements-list').replaceChildren(...items.slice(0, 20).map((a) => h('li', { 'data-agreement': a.agreementId, class: `agreement ${a.status}` },
    h('strong', {}, a.agreementId), ` ${a.supplier} (${a.status}, approval ${a.approval === 'once' ? 'once' : 'for each order'}) until ${a.validUntil.slice(0, 16).replace('T', ' ')} UTC: `,
    remaining(a), ` · approved by ${a.approvedBy}`)));
}
