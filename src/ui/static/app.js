/* global document, window, DOMParser */
// The manager's page: an approval inbox, the SKUs, and a replenishment's timeline with its
// decision log. No framework and no build step; every request goes to this page's own API, and
// everything the API returns is put in the page as text (never as HTML).
'use strict';

const TOKEN_KEY = 'replenisher.managerToken';
const POLL_MS = 2000;
/** SKUs per page of the table: each shown SKU costs the API one query of its agent per refresh. */
const SKU_PAGE = 100;

const state = {
  config: { temporalUiUrl: 'http://localhost:8233', namespace: 'default' },
  /** SKU whose replenishment is shown, and the run picked (null: the current or last one). */
  selected: null,
  run: null,
  cards: new Map(),
  busy: new Set(),
  keys: new Map(),
  svgOf: null,
  svgText: '',
  pollErrors: false,
  /** Cursors of the SKU pages walked so far (`after` of each); the last is the page shown. */
  skuPages: [null],
  skuNext: null,
  bulkBusy: false,
};

const $ = (id) => document.getElementById(id);

/** An element with attributes and children; strings become text nodes. */
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c instanceof window.Node ? c : String(c));
  return el;
}

// ---------- talking to the API ----------

class ApiError extends Error {
  constructor(status, message, retryAfter) {
    super(message);
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

const token = () => localStorage.getItem(TOKEN_KEY) || '';

async function request(method, path, { body, headers = {}, accept = 'application/json' } = {}) {
  const all = { accept, ...headers };
  if (token()) all.authorization = `Bearer ${token()}`;
  if (body !== undefined) all['content-type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store' });
  } catch {
    throw new ApiError(0, 'The service cannot be reached; the page keeps trying every few seconds.');
  }
  const text = await res.text();
  if (!res.ok) {
    let message = res.statusText || 'request failed';
    try {
      message = JSON.parse(text).error || message;
    } catch {
      // not JSON: keep the status text
    }
    throw new ApiError(res.status, message, res.headers.get('retry-after'));
  }
  if (accept !== 'application/json') return text;
  return text ? JSON.parse(text) : null;
}

/** An API error in a manager's words. */
function explain(err, what) {
  if (!(err instanceof ApiError)) return `${what}: ${err && err.message ? err.message : String(err)}`;
  switch (err.status) {
    case 0: return err.message;
    case 401: return `${what} was refused (401 Unauthorized): ${err.message}. ${token() ? 'Check the manager token at the top of the page.' : 'Enter your manager token at the top of the page.'}`;
    case 403: return `${what} is not allowed (403 Forbidden): ${err.message}.`;
    case 404: return `${what}: not found (404): ${err.message}.`;
    case 409: return `${what} was not taken (409 Conflict): ${err.message}. Nothing changed.`;
    case 429: return `Too many requests (429); try again${err.retryAfter ? ` in ${err.retryAfter} s` : ' shortly'}.`;
    default: return `${what} failed (${err.status}): ${err.message}.`;
  }
}

function banner(text, kind = 'error', source = 'action') {
  const el = $('banner');
  if (!text) {
    el.hidden = true;
    el.replaceChildren();
    delete el.dataset.source;
    return;
  }
  el.className = `banner banner-${kind}`;
  el.dataset.source = source;
  const close = h('button', { type: 'button', class: 'quiet', 'aria-label': 'Dismiss' }, '×');
  close.addEventListener('click', () => banner(''));
  el.replaceChildren(h('span', {}, text), close);
  el.hidden = false;
}

// ---------- words and numbers ----------

// Price breaks go below the cent (0.025 a washer): show up to four decimals, never fewer than two.
/** Every amount with the deployment's currency (from /ui/config.json). */
const amount = (n) => n.toFixed(Math.min(4, Math.max(2, (String(n).split('.')[1] || '').length)));
const price = (n) => (typeof n === 'number' ? `${amount(n)}${state.config && state.config.currency ? ` ${state.config.currency}` : ''}` : '–');
const count = (n) => (typeof n === 'number' ? new Intl.NumberFormat().format(n) : '–');
const clock = (iso) => (iso ? new Date(iso).toLocaleString() : '');
const time = (iso) => (iso ? new Date(iso).toLocaleTimeString() : '');

function duration(ms) {
  const v = Math.max(0, ms);
  if (v < 1000) return `${Math.round(v)} ms`;
  if (v < 60000) return `${(v / 1000).toFixed(v < 10000 ? 1 : 0).replace(/\.0$/, '')} s`;
  const s = Math.round(v / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round(s / 60);
  if (m < 1440) return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
  const hours = Math.round(m / 60);
  return `${Math.floor(hours / 24)} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
}

const RESULT_WORDS = { ok: 'done', message: 'answered', timeout: 'timed out', error: 'failed', refused: 'refused', fallback: 'fell back' };

// ---------- the approval inbox ----------

function idempotencyKey(po, kind) {
  const k = `${po}/${kind}`;
  if (!state.keys.has(k)) state.keys.set(k, `page-${kind}-${crypto.randomUUID()}`);
  return state.keys.get(k);
}

function approvalCard(item) {
  const ceiling = h('input', {
    type: 'number', name: 'ceiling', step: '0.01', min: '0.01', value: amount(item.unitPrice), required: true,
    'aria-label': `Highest unit price you approve for ${item.poNumber}`,
  });
  const reason = h('input', { type: 'text', name: 'reason', maxlength: '500', placeholder: 'why not?', 'aria-label': `Reason to reject ${item.poNumber}` });
  const approveForm = h('form', { class: 'approve' },
    h('label', {}, 'Approve up to ', ceiling),
    h('button', { type: 'submit', class: 'approve-btn' }, 'Approve'));
  const rejectForm = h('form', { class: 'reject' },
    h('label', {}, 'Reason ', reason),
    h('button', { type: 'submit', class: 'reject-btn' }, 'Reject'));
  const pick = h('input', { type: 'checkbox', class: 'pick', 'aria-label': `Select ${item.poNumber}` });
  pick.addEventListener('change', showBulk);
  const card = h('article', { class: 'approval', dataset: { po: item.poNumber, sku: item.sku } },
    h('header', {},
      h('h3', {}, pick, item.sku, ' ', h('span', { class: 'po' }, item.poNumber)),
      h('span', { class: 'waited' })),
    h('dl', { class: 'facts' }),
    h('p', { class: 'alternatives' }),
    h('div', { class: 'actions' }, approveForm, rejectForm),
    h('p', { class: 'card-msg', role: 'status' }));
  approveForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const max = Number(ceiling.value);
    if (!(max > 0)) return say(card, 'Enter the highest unit price you approve.', 'error');
    void decide(card, { decision: 'approve', maxUnitPrice: max }, `Approving ${item.poNumber}`);
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

/** Demand per day, days of cover, projected stock-out, and the levels the agent works to. */
function demandLine(d) {
  if (!d) return '';
  const levels = `reorders below ${count(d.reorderPoint)}, orders up to ${count(d.targetLevel)}`;
  if (d.source === 'typed') {
    const empty = d.daysOfCover === 0 ? ' · the shelf is empty' : '';
    return `No consumption seen: typed-in levels, ${levels}${empty}`;
  }
  const out = d.projectedStockOut ? ` · stock-out ${clock(d.projectedStockOut)}` : '';
  // The service-level policy says in words how it set the levels: forecast, spreads, safety stock, order size.
  if (d.source === 'policy' && d.policy) {
    return `Forecast ${count(d.dailyDemand)}/day · ${count(d.daysOfCover)} days of cover${out} · ${levels}. ${d.policy.why}`;
  }
  return `Demand ${count(d.dailyDemand)}/day · ${count(d.daysOfCover)} days of cover${out} · ` +
    `${levels} (${count(d.leadDays)} days lead + safety; ${count(d.coverDays)} days of cover)`;
}

function fact(label, value, cls) {
  return h('div', { class: cls }, h('dt', {}, label), h('dd', {}, value));
}

function updateCard(card, item) {
  const waited = item.requestedAt ? `waiting ${duration(Date.now() - Date.parse(item.requestedAt))}` : '';
  card.querySelector('.waited').textContent = waited;
  const low = item.onHand < item.safetyStock;
  card.querySelector('.facts').replaceChildren(
    fact('Supplier', item.supplier),
    fact('Quantity', count(item.quantity)),
    fact('Unit price', price(item.unitPrice)),
    fact('Total', price(item.total)),
    fact('On hand', count(item.onHand), low ? 'low' : undefined),
    fact('Safety stock', count(item.safetyStock)),
    ...(item.approvalsNeeded > 1 ? [fact('Approvals', `${(item.approvedBy || []).length} of ${item.approvalsNeeded}${(item.approvedBy || []).length ? ` (${item.approvedBy.join(', ')})` : ''}`)] : []),
  );
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
    const done = body.decision === 'approve'
      ? `Approved up to ${price(body.maxUnitPrice)}${res && res.by ? ` by ${res.by}` : ''}; the agent carries on.`
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
  void poll(false);
}

async function refreshApprovals() {
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

// ---------- many decisions at once ----------

const picked = () => [...state.cards.values()].filter((c) => c.querySelector('input.pick').checked && !state.busy.has(c.dataset.po));

function showBulk() {
  const cards = [...state.cards.values()];
  const n = picked().length;
  $('bulk').hidden = cards.length === 0;
  $('select-all').checked = cards.length > 0 && n === cards.length;
  $('select-all').indeterminate = n > 0 && n < cards.length;
  $('approve-selected').disabled = n === 0 || state.bulkBusy;
  $('approve-selected').textContent = n ? `Approve ${n} selected` : 'Approve selected';
}

/**
 * One request for every selected PO, each approved up to the ceiling in its card. The API answers
 * each on its own (207): a PO that moved on meanwhile is said on its card and holds back no other.
 */
async function approveSelected() {
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
  void poll(false);
}

// ---------- spend per supplier and month ----------

const SVG_NS = 'http://www.w3.org/2000/svg';
const SUPPLIER_COLOURS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#5d4037', '#546e7a'];

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof window.Node ? c : document.createTextNode(String(c)));
  return el;
}

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
        svg('title', {}, `${l.supplier} ${month}: ${amount(l.amount)} ${currency} (${l.orders} order${l.orders === 1 ? '' : 's'})`)));
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

async function refreshSpend() {
  const { lines, currency } = await request('GET', '/purchase-orders/spend');
  const key = JSON.stringify(lines);
  $('spend-empty').hidden = lines.length > 0;
  if ($('spend-chart').dataset.key === key) return;
  $('spend-chart').dataset.key = key;
  $('spend-chart').replaceChildren(...(lines.length ? [spendChart(lines, currency)] : []));
}

// ---------- approved by rule ----------

async function refreshByRule() {
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

// ---------- the SKUs ----------

function outcomesText(outcomes) {
  const parts = Object.entries(outcomes || {}).filter(([, n]) => n > 0).map(([k, n]) => `${k.replace('_', ' ')} ×${n}`);
  return parts.length ? parts.join(' · ') : '–';
}

const skuRows = new Map();

/** Changes a cell only when what it shows changed, so a click never lands on a replaced element. */
function setCell(cell, key, ...content) {
  if (cell.dataset.key === key) return;
  cell.dataset.key = key;
  cell.replaceChildren(...content);
}

function skuRow(sku) {
  return h('tr', { dataset: { sku } },
    h('th', { scope: 'row' }, h('button', { type: 'button', class: 'sku-link', dataset: { sku } }, sku)),
    h('td', { class: 'stock' }), h('td', { class: 'agent' }), h('td', { class: 'phase' }), h('td', { class: 'outcomes' }));
}

async function refreshSkus() {
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

// ---------- one SKU: its replenishment's timeline and decision log ----------

function select(sku) {
  state.selected = sku;
  state.run = null;
  state.svgOf = null;
  state.svgText = '';
  $('detail').hidden = false;
  $('timeline').replaceChildren(h('p', { class: 'muted' }, 'Loading the timeline…'));
  setCell($('log'), 'loading');
  setCell($('notes'), 'loading');
  for (const tr of $('sku-rows').children) tr.classList.toggle('selected', tr.dataset.sku === sku);
  void refreshDetail().catch((err) => banner(explain(err, `Loading ${sku}`)));
}

function logItem(t) {
  return h('li', { class: `turn result-${t.result}` },
    h('div', { class: 'line' },
      h('span', { class: 'when' }, time(t.at)), ' ',
      h('strong', {}, `turn ${t.turn}`), ' ',
      h('code', {}, t.tool), ' — ',
      h('span', { class: 'result' }, RESULT_WORDS[t.result] || t.result)),
    t.summary ? h('div', { class: 'summary' }, t.summary) : null,
    t.reason ? h('div', { class: 'reason' }, `why: ${t.reason}`) : null);
}

/** For a run other than the SKU's current one, the log comes from its history's turn marks. */
function logFromTimeline(tl) {
  return tl.turns.map((m) => ({ turn: m.turn, at: m.at, tool: m.tool || '?', result: 'ok', summary: m.summary, reason: m.reason }));
}

function statusLine(view, workflowId, current) {
  const parts = [];
  const r = current ? view.replenishment : null;
  if (r) {
    parts.push(`Phase: ${r.phase}`);
    if (r.waiting) parts.push(`waiting for ${r.waiting.events.join(' or ')} until ${clock(r.waiting.until)}`);
    const d = r.decision;
    if (d && d.kind === 'approved') parts.push(`approved up to ${price(d.maxUnitPrice)} by ${d.by}${d.rule && d.note ? ` (${d.note})` : ''}`);
    if (d && d.kind === 'rejected') parts.push(`rejected by ${d.by}: ${d.reason}`);
    if (r.order) parts.push(`ordered from ${r.order.supplier}, expected ${clock(r.order.expectedDelivery)}`);
  }
  const past = (view.pastOutcomes || []).find((o) => `replenish-${view.sku}-${o.replenishment}` === workflowId);
  if (past) parts.push(`Outcome: ${past.outcome} — ${past.reason}`);
  return parts.join(' · ');
}

function runsNav(view, workflowId) {
  const n = (view.agent && view.agent.replenishments) || 0;
  const buttons = [];
  for (let i = Math.max(1, n - 9); i <= n; i++) {
    const id = `replenish-${view.sku}-${i}`;
    const past = (view.pastOutcomes || []).find((o) => o.replenishment === i);
    const b = h('button', {
      type: 'button', class: 'run', 'aria-current': id === workflowId ? 'true' : undefined,
      title: past ? `${past.outcome}: ${past.reason}` : 'running', dataset: { run: id },
    }, `#${i}${past ? ` ${past.outcome.replace('_', ' ')}` : ''}`);
    buttons.push(b);
  }
  return buttons;
}

function showSvg(text) {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = doc.documentElement;
  if (root.nodeName !== 'svg' || doc.getElementsByTagName('parsererror').length) throw new Error('the timeline could not be drawn');
  const svg = document.importNode(root, true);
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  $('timeline').replaceChildren(svg);
}

async function cancelPo() {
  const po = $('cancel-po').dataset.po;
  const why = $('cancel-reason').value.trim();
  const msg = $('cancel-msg');
  if (!why) {
    $('cancel-reason').focus();
    msg.textContent = 'Say why you cancel it; the reason goes to the supplier and into the record.';
    msg.className = 'card-msg card-msg-error';
    return;
  }
  try {
    const res = await request('POST', `/purchase-orders/${encodeURIComponent(po)}/cancel`, {
      body: { reason: why }, headers: { 'idempotency-key': idempotencyKey(po, 'cancel') },
    });
    msg.textContent = `Cancelling ${po}${res && res.by ? ` (by ${res.by})` : ''}: the agent stops at its next step.`;
    msg.className = 'card-msg card-msg-ok';
    $('cancel-reason').value = '';
  } catch (err) {
    msg.textContent = explain(err, `Cancelling ${po}`);
    msg.className = 'card-msg card-msg-error';
  }
}

async function refreshDetail() {
  const sku = state.selected;
  if (!sku) return;
  const view = await request('GET', `/skus/${encodeURIComponent(sku)}`);
  if (state.selected !== sku) return;
  const currentId = view.replenishment ? view.replenishment.workflowId : null;
  const workflowId = state.run || currentId;
  $('detail-title').textContent = view.stock
    ? `${sku} · stock ${count(view.stock.onHand)} / safety ${count(view.stock.safetyStock)}`
    : `${sku} · not in the ERP any more`;
  $('detail-demand').textContent = view.demand ? demandLine(view.demand) : '';
  // The manager may cancel while the running replenishment takes a cancellation (its gate says so).
  const active = view.agent && view.agent.active;
  const cancellable = Boolean(active && active.poNumber && (active.open || []).includes('cancel'));
  $('cancel-po').hidden = !cancellable;
  if (cancellable) {
    $('cancel-po').dataset.po = active.poNumber;
    $('cancel-po-number').textContent = active.poNumber;
  }
  const pastKey = (view.pastOutcomes || []).map((o) => `${o.replenishment}:${o.outcome}`).join(',');
  setCell($('runs'), `${view.agent ? view.agent.replenishments : 0}|${workflowId}|${pastKey}`, ...runsNav(view, workflowId));
  if (!workflowId) {
    $('detail-status').textContent = !view.agent ? 'No agent runs for this SKU.'
      : view.agent.error ? `The agent cannot go on: ${view.agent.error}. It tries again on a stock change or at its next check.`
        : 'No replenishment yet: the agent is watching the stock.';
    $('timeline').replaceChildren();
    setCell($('log'), 'none');
    setCell($('notes'), 'none');
    $('web-ui').hidden = true;
    $('svg-link').hidden = true;
    return;
  }
  const isCurrent = workflowId === currentId;
  const running = Boolean(view.agent && view.agent.active && view.agent.active.workflowId === workflowId);
  $('detail-status').textContent = statusLine(view, workflowId, isCurrent);
  const webUi = $('web-ui');
  webUi.href = `${state.config.temporalUiUrl}/namespaces/${encodeURIComponent(state.config.namespace)}/workflows/${encodeURIComponent(workflowId)}`;
  webUi.hidden = false;
  const svgLink = $('svg-link');
  svgLink.href = `/replenishments/${encodeURIComponent(workflowId)}/timeline.svg`;
  svgLink.hidden = false;

  if (isCurrent) {
    const { log, notes } = view.replenishment;
    setCell($('log'), `${workflowId}:${log.length}:${log.length ? log[log.length - 1].result : ''}`, ...log.map(logItem));
    setCell($('notes'), `${workflowId}:${(notes || []).length}`, ...(notes || []).map((n) => h('li', {}, n)));
  }
  // A finished run's picture no longer changes: fetched once. A running one is redrawn as it moves.
  if (running || state.svgOf !== workflowId) {
    const [svg, tl] = await Promise.all([
      request('GET', `/replenishments/${encodeURIComponent(workflowId)}/timeline.svg`, { accept: 'image/svg+xml' }),
      isCurrent ? null : request('GET', `/replenishments/${encodeURIComponent(workflowId)}/timeline`),
    ]);
    if (state.selected !== sku) return;
    if (svg !== state.svgText) showSvg(svg);
    state.svgText = svg;
    state.svgOf = workflowId;
    if (tl) {
      setCell($('log'), `${workflowId}:timeline:${tl.turns.length}`, ...logFromTimeline(tl).map(logItem));
      setCell($('notes'), `${workflowId}:none`);
    }
  }
}

// ---------- the token, polling, start ----------

function showTokenState() {
  $('token-state').textContent = token() ? 'token saved in this browser' : 'no token: decisions will be refused';
  $('token-forget').hidden = !token();
}

/** Runs that fail on nondeterminism, from /health: engineers must repair them; nothing else moves them. */
async function refreshStuck() {
  const health = await request('GET', '/health').catch((err) => (err instanceof ApiError ? null : Promise.reject(err)));
  const stuck = (health && health.stuck) || [];
  const el = $('stuck');
  el.hidden = stuck.length === 0;
  el.replaceChildren(...(stuck.length === 0 ? [] : [
    h('strong', {}, `${stuck.length} run${stuck.length === 1 ? '' : 's'} cannot go on: today's code does not replay ${stuck.length === 1 ? 'its' : 'their'} history. An engineer repairs each with:`),
    h('ul', {}, ...stuck.map((r) => h('li', { 'data-workflow': r.workflowId || r.runId },
      h('code', {}, r.repair || `replenisher repair <workflow of run ${r.runId}>`), ` (since ${r.firstSeen}: ${r.reason})`))),
  ]));
}

let timer = null;
async function poll(again = true) {
  const jobs = [refreshApprovals(), refreshSkus(), refreshSpend(), refreshByRule(), refreshStuck()];
  if (state.selected) jobs.push(refreshDetail());
  const results = await Promise.allSettled(jobs);
  const failed = results.find((r) => r.status === 'rejected');
  const el = $('banner');
  if (failed) {
    banner(explain(failed.reason, 'Refreshing the page'), 'error', 'poll');
    state.pollErrors = true;
  } else if (state.pollErrors && el.dataset.source === 'poll') {
    banner('');
    state.pollErrors = false;
  }
  if (again) timer = setTimeout(() => void poll(), POLL_MS);
}

function start() {
  $('token-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const value = $('token').value.trim();
    if (!value) return;
    localStorage.setItem(TOKEN_KEY, value);
    $('token').value = '';
    showTokenState();
    if ($('banner').dataset.source === 'decision') banner('');
    for (const msg of document.querySelectorAll('.card-msg-error')) msg.textContent = '';
  });
  $('token-forget').addEventListener('click', () => {
    localStorage.removeItem(TOKEN_KEY);
    showTokenState();
  });
  const showSkuPage = () => void refreshSkus().catch((err) => banner(explain(err, 'Loading SKUs'), 'error'));
  $('skus-next').addEventListener('click', () => {
    if (!state.skuNext) return;
    state.skuPages.push(state.skuNext);
    showSkuPage();
  });
  $('skus-prev').addEventListener('click', () => {
    if (state.skuPages.length > 1) state.skuPages.pop();
    showSkuPage();
  });
  $('sku-rows').addEventListener('click', (e) => {
    const b = e.target.closest('button.sku-link');
    if (b) select(b.dataset.sku);
  });
  $('select-all').addEventListener('change', (e) => {
    for (const card of state.cards.values()) card.querySelector('input.pick').checked = e.target.checked;
    showBulk();
  });
  $('bulk').addEventListener('submit', (e) => {
    e.preventDefault();
    void approveSelected();
  });
  $('cancel-po').addEventListener('submit', (e) => {
    e.preventDefault();
    void cancelPo();
  });
  $('runs').addEventListener('click', (e) => {
    const b = e.target.closest('button.run');
    if (!b) return;
    state.run = b.dataset.run;
    state.svgOf = null;
    void refreshDetail().catch((err) => banner(explain(err, 'Loading the replenishment')));
  });
  showTokenState();
  request('GET', '/ui/config.json').then((c) => { state.config = c; }, () => {});
  if (timer === null) void poll();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
