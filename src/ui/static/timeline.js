/* global document, DOMParser */
// One SKU: its demand, and its replenishment's timeline and decision log.
import { banner, explain, idempotencyKey, request } from './api.js';
import { $, RESULT_WORDS, clock, count, h, price, setCell, time } from './format.js';
import { state } from './state.js';

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


export function select(sku) {
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
    const via = d && d.channel ? ` via ${d.channel}` : '';
    if (d && d.kind === 'approved') parts.push(`approved up to ${price(d.maxUnitPrice)} by ${d.by}${via}${d.rule && d.note ? ` (${d.note})` : ''}`);
    if (d && d.kind === 'rejected') parts.push(`rejected by ${d.by}${via}: ${d.reason}`);
    if (r.order) parts.push(`ordered from ${r.order.supplier}, expected ${clock(r.order.expectedDelivery)}`);
  }
  const past = (view.pastOutcomes || []).find((o) => o.workflowId === workflowId);
  if (past) parts.push(`Outcome: ${past.outcome} — ${past.reason}`);
  return parts.join(' · ');
}

function runsNav(view, workflowId) {
  const buttons = [];
  for (const { replenishment: i, workflowId: id } of view.runs || []) {
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

export async function cancelPo() {
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

export async function refreshDetail() {
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
