// The SKUs, a page at a time.
import { request } from './api.js';
import { $, count, h, setCell } from './format.js';
import { SKU_PAGE, state } from './state.js';

function outcomesText(outcomes) {
  const parts = Object.entries(outcomes || {}).filter(([, n]) => n > 0).map(([k, n]) => `${k.replace('_', ' ')} ×${n}`);
  return parts.length ? parts.join(' · ') : '–';
}

const skuRows = new Map();

function skuRow(sku) {
  return h('tr', { dataset: { sku } },
    h('th', { scope: 'row' }, h('button', { type: 'button', class: 'sku-link', dataset: { sku } }, sku)),
    h('td', { class: 'stock' }), h('td', { class: 'agent' }), h('td', { class: 'phase' }), h('td', { class: 'outcomes' }));
}

export async function refreshSkus() {
  const after = state.skuPages[state.skuPages.length - 1];
  const { items, next, total } = await request('GET', `/skus?limit=${SKU_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ''}`);
  state.skuNext = next;
  const first = (state.skuPages.length - 1) * SKU_PAGE;
  $('skus-range').textContent = items.length ? `${count(first + 1)}–${count(first + items.length)} of ${count(total)}` : '';
  $('skus-prev').disabled = state.skuPages.length === 1;
  $('skus-next').disabled = !next;
  const rows = items.map((s) => {
    let tr = skuRows.get(s.sku);
    if (!tr) {
      tr = skuRow(s.sku);
      skuRows.set(s.sku, tr);
    }
    const [, stock, agent, phase, outcomes] = tr.children;
    const low = s.onHand < s.safetyStock;
    tr.classList.toggle('low', low);
    tr.classList.toggle('selected', s.sku === state.selected);
    setCell(stock, `${s.onHand}/${s.safetyStock}/${s.targetLevel}/${s.onOrder}`,
      h('meter', {
        min: 0, max: Math.max(s.targetLevel, s.onHand, 1), low: s.safetyStock, optimum: s.targetLevel, value: s.onHand,
        'aria-label': `${s.onHand} on hand, safety stock ${s.safetyStock}`,
      }),
      ` ${count(s.onHand)} / ${count(s.safetyStock)}`,
      s.onOrder ? h('span', { class: 'muted' }, ` (+${count(s.onOrder)} on order)`) : '');
    agent.className = `agent agent-${s.agent}`;
    agent.title = s.error || '';
    setCell(agent, s.agent, s.agent);
    setCell(phase, s.phase || '–', s.phase || '–');
    const o = outcomesText(s.outcomes);
    setCell(outcomes, o, o);
    return tr;
  });
  const body = $('sku-rows');
  const same = rows.length === body.children.length && rows.every((tr, i) => body.children[i] === tr);
  if (!same) body.replaceChildren(...rows);
  const shown = new Set(items.map((s) => s.sku));
  for (const sku of skuRows.keys()) if (!shown.has(sku)) skuRows.delete(sku);
  $('skus-empty').hidden = items.length > 0;
}
