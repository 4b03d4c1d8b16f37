/* global document */
// The manager's page: an approval inbox, the SKUs, and a replenishment's timeline with its
// decision log. No framework and no build step; every request goes to this page's own API, and
// everything the API returns is put in the page as text (never as HTML). This module starts the
// page: the token form, the buttons, and the poll that refreshes every view.
import { ApiError, banner, explain, request, token } from './api.js';
import { $, h } from './format.js';
import { approveSelected, refreshApprovals, selectable, showBulk } from './inbox.js';
import { refreshSkus } from './skus.js';
import { refreshByRule, refreshSpend } from './spend.js';
import { refreshAgreements } from './agreements.js';
import { POLL_MS, TOKEN_KEY, state } from './state.js';
import { cancelPo, refreshDetail, select } from './timeline.js';

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
export async function poll(again = true) {
  const jobs = [refreshApprovals(), refreshSkus(), refreshSpend(), refreshByRule(), refreshAgreements(), refreshStuck()];
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
    for (const card of selectable()) card.querySelector('input.pick').checked = e.target.checked;
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
  state.refresh = () => poll(false);
  showTokenState();
  request('GET', '/ui/config.json').then((c) => { state.config = c; }, () => {});
  if (timer === null) void poll();
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
