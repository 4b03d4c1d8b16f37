// The approval inbox: a card per PO waiting for a decision, one decision at a time or many at once.
import { ApiError, banner, explain, idempotencyKey, request } from './api.js';
import { $, amount, count, duration, h, price } from './format.js';
import { state } from './state.js';

function approvalCard(item) {
  const ceiling = h('input', {
    type: 'number', name: 'ceiling', step: '0.01', min: '0.01', value: amount(item.unitPrice), required: true,
    'aria-label': `Highest unit price you approve for ${item.poNumber}`,
  });
  const reason = h('input', { type: 'text', name: 'reason', maxlength: '500', placeholder: 'why not?', 'aria-label': `Reason to reject ${item.poNumber}` });
  // Approve with edits: another quantity, or another quote the agent holds; the agent checks the edit
  // against its rules and a refused one comes back as the card's message.
  const quantity = h('input', {
    type: 'number', name: 'quantity', step: '1', min: '1', value: String(item.quantity), 'aria-label': `Quantity you approve for ${item.poNumber}`,
  });
  const quote = h('select', { name: 'quote', 'aria-label': `Quote you approve for ${item.poNumber}` },
    h('option', { value: '' }, `${item.supplier} at ${price(item.unitPrice)} (drafted)`),
    ...(item.alternatives || []).map((q) => h('option', { value: q.quoteId }, `${q.supplier} at ${price(q.unitPrice)}`)));
  quote.addEventListener('change', () => {
    const chosen = (item.alternatives || []).find((q) => q.quoteId === quote.value);
    ceiling.value = amount(chosen ? chosen.unitPrice : item.unitPrice);
    // From another quote the agent drafts the quantity that quote allows, unless the manager sets one.
    quantity.value = chosen ? '' : String(item.quantity);
    quantity.placeholder = chosen ? 'as the agent drafts it' : '';
  });
  const edits = h('details', { class: 'edit' },
    h('summary', {}, 'Change quantity or supplier'),
    h('label', {}, 'Quantity ', quantity),
    h('label', {}, 'Quote ', quote));
  // A consolidated PO is approved or rejected whole: its lines are not edited.
  const consolidated = item.kind === 'consolidated';
  const approveForm = h('form', { class: 'approve' },
    h('label', {}, 'Approve up to ', ceiling),
    ...(consolidated ? [] : [edits]),
    h('button', { type: 'submit', class: 'approve-btn' }, 'Approve'));
  const rejectForm = h('form', { class: 'reject' },
    h('label', {}, 'Reason ', reason),
    h('button', { type: 'submit', class: 'reject-btn' }, 'Reject'));
  const pick = h('input', { type: 'checkbox', class: 'pick', 'aria-label': `Select ${item.poNumber}` });
  pick.addEventListener('change', showBulk);
  const card = h('article', { class: consolidated ? 'approval consolidated' : 'approval', dataset: { po: item.poNumber, sku: item.sku } },
    h('header', {},
      h('h3', {}, pick, ...(consolidated ? [h('span', { class: 'kind' }, 'Consolidated PO'), ' '] : []), item.sku, ' ', h('span', { class: 'po' }, item.poNumber)),
      h('span', { class: 'waited' })),
    h('dl', { class: 'facts' }),
    ...(consolidated ? [h('table', { class: 'lines', 'aria-label': `Lines of ${item.poNumber}` })] : []),
    h('p', { class: 'alternatives' }),
    h('div', { class: 'actions' }, approveForm, rejectForm),
    h('p', { class: 'card-msg', role: 'status' }));
  approveForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const max = Number(ceiling.value);
    if (!(max > 0)) return say(card, 'Enter the highest unit price you approve.', 'error');
    const units = quantity.value.trim() === '' ? undefined : Number(quantity.value);
    if (units !== undefined && !(Number.isInteger(units) && units > 0)) return say(card, 'Enter the quantity as a whole number of units.', 'error');
    const edit = {
      ...(units !== undefined && (quote.value || units !== item.quantity) ? { quantity: units } : {}),
      ...(quote.value ? { quoteId: quote.value } : {}),
    };
    void decide(card, { decision: 'approve', maxUnitPrice: max, ...edit }, `Approving ${item.poNumber}`);
  });
  rejectForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const why = reason.value.trim();
    if (!why) {
      reason.focus();
      return say(card, 'Say why you reject it; the reason goes into the decision log.', 'error');
    }
    void decide(card, { decision: 'reject', reason: why }, `Rejecting ${item.poNumber}`);
  });
  return card;
}


function fact(label, value, cls) {
  return h('div', { class: cls }, h('dt', {}, label), h('dd', {}, value));
}

/** Above TWO_APPROVALS_ABOVE: how many of the managers who must have approved, and who. */
const approvalsFact = (item) => (item.approvalsNeeded > 1
  ? [fact('Approvals', `${(item.approvedBy || []).length} of ${item.approvalsNeeded}${(item.approvedBy || []).length ? ` (${item.approvedBy.join(', ')})` : ''}`)]
  : []);

/** A consolidated PO's card: its goods, freight and total, why its window closed, and a row per line under its own PO number. */
function updateConsolidated(card, item) {
  card.querySelector('.facts').replaceChildren(
    fact('Supplier', item.supplier),
    fact('Lines', count(item.lines.length)),
    fact('Goods', price(item.goods)),
    fact('Freight', item.freight ? price(item.freight) : 'none'),
    fact('Total', price(item.total)),
    fact('Gathered', item.closedBecause),
    ...approvalsFact(item),
  );
  card.querySelector('table.lines').replaceChildren(
    h('thead', {}, h('tr', {}, ...['PO', 'SKU', 'Quantity', 'Unit price', 'Line total'].map((t) => h('th', {}, t)))),
    h('tbody', {}, ...item.lines.map((l) => h('tr', { dataset: { po: l.poNumber } },
      h('td', {}, l.poNumber), h('td', {}, l.sku), h('td', {}, count(l.quantity)), h('td', {}, price(l.unitPrice)), h('td', {}, price(l.lineTotal))))),
  );
  card.querySelector('.alternatives').textContent = `Decided whole, for every line: approve up to at least its dearest line's ${price(item.unitPrice)}.`;
}

function updateCard(card, item) {
  const waited = item.requestedAt ? `waiting ${duration(Date.now() - Date.parse(item.requestedAt))}` : '';
  card.querySelector('.waited').textContent = waited;
  if (item.kind === 'consolidated') return updateConsolidated(card, item);
  const low = item.onHand < item.safetyStock;
  card.querySelector('.facts').replaceChildren(
    fact('Supplier', item.supplier),
    fact('Quantity', count(item.quantity)),
    fact('Unit price', price(item.unitPrice)),
    fact('Total', item.freight ? `${price(item.total)} (incl. freight ${price(item.freight)})` : price(item.total)),
    fact('On hand', count(item.onHand), low ? 'low' : undefined),
    fact('Safety stock', count(item.safetyStock)),
    ...approvalsFact(item),
    // A price the supplier raised after the order: approving accepts it, so the card says so in the supplier's words.
    ...(item.priceChange ? [fact('Price raised after the order', `${price(item.unitPrice)}, ordered at ${price(item.priceChange.orderedUnitPrice)}`
      + `${item.priceChange.supplierSays ? `: "${item.priceChange.supplierSays}"` : ''}`, 'low')] : []),
  );
  // Not one of many: a raised price is decided on its card alone, never with "Select all".
  const pick = card.querySelector('input.pick');
  pick.disabled = Boolean(item.priceChange);
  if (pick.disabled) pick.checked = false;
  pick.title = pick.disabled ? 'A price raised after the order is decided on its own' : '';
  const alts = (item.alternatives || []).map((q) =>
    `${q.supplier} at ${price(q.unitPrice)} (min ${count(q.moq)}, ${q.leadTimeDays} d lead)`);
  card.querySelector('.alternatives').textContent = alts.length ? `Also quoted: ${alts.join(' · ')}` : 'No other quotes.';
}

function say(card, text, kind = 'info') {
  const msg = card.querySelector('.card-msg');
  msg.textContent = text;
  msg.className = `card-msg card-msg-${kind}`;
}

async function decide(card, body, what) {
  const po = card.dataset.po;
  if (state.busy.has(po)) return;
  state.busy.add(po);
  card.classList.add('busy');
  for (const b of card.querySelectorAll('button')) b.disabled = true;
  say(card, `${what}…`);
  try {
    const res = await request('POST', `/purchase-orders/${encodeURIComponent(po)}/decision`, {
      body, headers: { 'idempotency-key': idempotencyKey(po, body.decision) },
    });
    const edited = [body.quantity !== undefined ? `${count(body.quantity)} units` : '', body.quoteId ? `quote ${body.quoteId}` : ''].filter(Boolean).join(' from ');
    const done = body.decision === 'approve'
      ? `Approved${edited ? ` with edits (${edited})` : ''} up to ${price(body.maxUnitPrice)}${res && res.by ? ` by ${res.by}` : ''}; the agent carries on.`
      : `Rejected${res && res.by ? ` by ${res.by}` : ''}: ${body.reason}`;
    say(card, done, 'ok');
    card.classList.add('decided');
    if ($('banner').dataset.source === 'decision') banner('');
  } catch (err) {
    const text = explain(err, what);
    say(card, text, 'error');
    banner(text, 'error', 'decision');
    for (const b of card.querySelectorAll('button')) b.disabled = false;
  } finally {
    state.busy.delete(po);
    card.classList.remove('busy');
  }
  void state.refresh();
}

export async function refreshApprovals() {
  const { items } = await request('GET', '/approvals');
  const box = $('approvals');
  const seen = new Set();
  for (const item of items) {
    seen.add(item.poNumber);
    let card = state.cards.get(item.poNumber);
    if (!card) {
      card = approvalCard(item);
      state.cards.set(item.poNumber, card);
      box.append(card);
    }
    updateCard(card, item);
  }
  for (const [po, card] of state.cards) {
    if (seen.has(po) || state.busy.has(po)) continue;
    card.remove();
    state.cards.delete(po);
  }
  $('inbox-count').textContent = items.length ? String(items.length) : '';
  $('inbox-empty').hidden = items.length > 0;
  showBulk();
}

export const picked = () => [...state.cards.values()].filter((c) => c.querySelector('input.pick').checked && !state.busy.has(c.dataset.po));

/** The cards "Select all" selects: a price raised after the order is left to its own card. */
export const selectable = () => [...state.cards.values()].filter((c) => !c.querySelector('input.pick').disabled);

export function showBulk() {
  const cards = selectable();
  const n = picked().length;
  $('bulk').hidden = state.cards.size === 0;
  $('select-all').checked = cards.length > 0 && n === cards.length;
  $('select-all').indeterminate = n > 0 && n < cards.length;
  $('approve-selected').disabled = n === 0 || state.bulkBusy;
  $('approve-selected').textContent = n ? `Approve ${n} selected` : 'Approve selected';
}

/**
 * One request for every selected PO, each approved up to the ceiling in its card. The API answers
 * each on its own (207): a PO that moved on meanwhile is said on its card and holds back no other.
 */
export async function approveSelected() {
  const cards = picked();
  const decisions = [];
  for (const card of cards) {
    const max = Number(card.querySelector('input[name=ceiling]').value);
    if (!(max > 0)) return say(card, 'Enter the highest unit price you approve.', 'error');
    decisions.push({ poNumber: card.dataset.po, decision: 'approve', maxUnitPrice: max });
  }
  if (!decisions.length) return;
  state.bulkBusy = true;
  showBulk();
  const msg = $('bulk-msg');
  msg.textContent = `Approving ${decisions.length}…`;
  msg.className = 'card-msg';
  for (const card of cards) { state.busy.add(card.dataset.po); card.classList.add('busy'); }
  try {
    const { results } = await request('POST', '/approvals/decisions', {
      body: { decisions }, headers: { 'idempotency-key': `page-bulk-${crypto.randomUUID()}` },
    });
    let taken = 0;
    for (const r of results) {
      const card = state.cards.get(r.poNumber);
      if (r.status < 300) {
        taken += 1;
        if (card) { say(card, `Approved${r.by ? ` by ${r.by}` : ''}; the agent carries on.`, 'ok'); card.classList.add('decided'); }
      } else if (card) {
        say(card, explain(new ApiError(r.status, r.error || 'refused'), `Approving ${r.poNumber}`), 'error');
      }
    }
    const refused = results.length - taken;
    msg.textContent = `${taken} approved${refused ? `, ${refused} not taken (see their cards)` : ''}.`;
    msg.className = `card-msg card-msg-${refused ? 'error' : 'ok'}`;
  } catch (err) {
    msg.textContent = explain(err, 'Approving the selected purchase orders');
    msg.className = 'card-msg card-msg-error';
  } finally {
    for (const card of cards) { state.busy.delete(card.dataset.po); card.classList.remove('busy'); card.querySelector('input.pick').checked = false; }
    state.bulkBusy = false;
    showBulk();
  }
  void state.refresh();
}
