// Spend per supplier and month, and what was approved by rule.
import { request } from './api.js';
import { $, amount, h, svg } from './format.js';

const SUPPLIER_COLOURS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#5d4037', '#546e7a'];

/** Bars per month, stacked by supplier, with the month's total above and each part's figure as its tooltip. */
function spendChart(lines, currency) {
  const months = [...new Set(lines.map((l) => l.month))].sort().slice(-12);
  const suppliers = [...new Set(lines.map((l) => l.supplier))].sort();
  const colour = (s) => SUPPLIER_COLOURS[suppliers.indexOf(s) % SUPPLIER_COLOURS.length];
  const totals = months.map((m) => lines.filter((l) => l.month === m).reduce((sum, l) => sum + l.amount, 0));
  const max = Math.max(...totals, 0.01);
  const W = 720; const H = 240; const left = 16; const top = 24; const bottom = 40; const legend = 22;
  const slot = (W - left * 2) / Math.max(months.length, 1);
  const barW = Math.min(64, slot * 0.6);
  const scale = (v) => (v / max) * (H - top - bottom);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H + legend}`, role: 'img', 'aria-label': `Spend per supplier and month in ${currency}` });
  root.append(svg('line', { x1: left, y1: H - bottom, x2: W - left, y2: H - bottom, stroke: '#9e9e9e' }));
  months.forEach((month, i) => {
    const x = left + slot * i + (slot - barW) / 2;
    let y = H - bottom;
    for (const l of lines.filter((line) => line.month === month)) {
      const h2 = scale(l.amount);
      y -= h2;
      root.append(svg('rect', { class: 'spend-bar', x, y, width: barW, height: Math.max(h2, 1), fill: colour(l.supplier), 'data-supplier': l.supplier, 'data-month': month, 'data-amount': l.amount },
        svg('title', {}, `${l.supplier} ${month}: ${amount(l.amount)} ${currency} (${l.orders} order${l.orders === 1 ? '' : 's'}${l.lines > l.orders ? `, ${l.lines} lines` : ''})`)));
    }
    root.append(svg('text', { x: x + barW / 2, y: y - 4, 'text-anchor': 'middle' }, amount(totals[i])));
    root.append(svg('text', { x: x + barW / 2, y: H - bottom + 16, 'text-anchor': 'middle' }, month));
  });
  let lx = left;
  for (const s of suppliers) {
    root.append(svg('rect', { x: lx, y: H + 6, width: 10, height: 10, fill: colour(s) }));
    root.append(svg('text', { x: lx + 14, y: H + 15 }, s));
    lx += 24 + s.length * 7;
  }
  return root;
}

export async function refreshSpend() {
  const { lines, currency } = await request('GET', '/purchase-orders/spend');
  const key = JSON.stringify(lines);
  $('spend-empty').hidden = lines.length > 0;
  if ($('spend-chart').dataset.key === key) return;
  $('spend-chart').dataset.key = key;
  $('spend-chart').replaceChildren(...(lines.length ? [spendChart(lines, currency)] : []));
}

export async function refreshByRule() {
  const { items } = await request('GET', '/purchase-orders?approval=rule&limit=20');
  const key = JSON.stringify(items.map((r) => [r.replenishmentId, r.status]));
  $('by-rule-empty').hidden = items.length > 0;
  if ($('by-rule-list').dataset.key === key) return;
  $('by-rule-list').dataset.key = key;
  $('by-rule-list').replaceChildren(...items.map((r) => {
    const approval = r.approvals.find((a) => a.rule) || {};
    return h('li', { 'data-po': r.poNumber },
      h('strong', {}, r.poNumber), ` ${r.sku} from ${r.supplier}, ${r.orderTotal === null ? 'not ordered' : `${r.orderTotal.toFixed(2)} ${r.currency}`} (${r.status}) · `,
      h('span', { class: 'rule' }, `by rule ${approval.rule}`), approval.note ? `: ${approval.note}` : '');
  }));
}
