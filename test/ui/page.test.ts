import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askedAboutTwoLines } from '../scenarios/gathering-story.js';
import { story } from '../scenarios/story.js';
import { findChromium, NO_CHROMIUM_HELP } from '../support/browser.js';
import { kill, startExternalWorker } from '../support/external-worker.js';
import { record } from '../support/records.js';
import { eventually, startStack, type Stack } from '../support/stack.js';
import { stuckRuns } from '../../src/repair/stuck-runs.js';

const CHROMIUM = {
  executablePath: findChromium() ?? NO_CHROMIUM_HELP,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};
const resultsDir = fileURLToPath(new URL('../../test-results/', import.meta.url));

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch(CHROMIUM);
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The manager's page on the stack's API, in a fresh browser context. `problems` collects script
 * errors and anything the Content Security Policy refused.
 */
async function openPage(stack: Stack) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => { if (/Content Security Policy|Uncaught/i.test(m.text())) problems.push(m.text()); });
  await page.goto(`${stack.apiUrl}/`);
  return { page, problems, close: () => context.close() };
}

/** What a manager does once: paste their token in the field at the top. */
async function enterToken(page: Page, token: string) {
  await page.fill('#token', token);
  await page.click('#token-form button[type=submit]');
  await page.locator('#token-state', { hasText: 'token saved' }).waitFor();
}

const card = (page: Page, po: string) => page.locator(`article.approval[data-po="${po}"]`);

/** A new stack with a PO waiting for approval, and the manager's page open on its card, token entered. */
async function atPendingCard() {
  const stack = await startStack({ temporal: 'dev' });
  const s = story(stack, stack.newSku());
  await s.startAgent();
  const request = await s.approvalRequest();
  const { page, problems, close } = await openPage(stack);
  if (stack.managerToken) await enterToken(page, stack.managerToken);
  const pending = card(page, request.poNumber);
  await pending.waitFor();
  return { stack, s, request, page, problems, close, pending };
}
const phaseOf = (page: Page, sku: string) => page.locator(`tr[data-sku="${sku}"] td.phase`);

describe('the manager\'s page in Chromium', () => {
  it('a PO that needs two managers shows on its card who has approved it so far', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { twoApprovalsAbove: 100 } });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const { page, problems, close } = await openPage(stack);
    const facts = card(page, request.poNumber).locator('.facts');
    await facts.locator('dd', { hasText: '0 of 2' }).waitFor();
    expect((await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice, by: 'dana' })).status).toBe(202);
    await facts.locator('dd', { hasText: '1 of 2 (dana)' }).waitFor({ timeout: 30_000 });
    expect(problems).toEqual([]);
    await close();
  });

  it('the POs the approval policy approved are listed with the rule and why', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const why = 'total 459.00 USD below 1000.00 USD; unit price 5.10 USD within 5% of the last price paid, 5.10 USD';
    await stack.records.save(record(1));
    await stack.records.save(record(2, { poNumber: 'PO-REC-2', approvals: [{ decision: 'approved', by: 'policy:routine-order', rule: 'routine-order', at: '2026-11-02T09:00:00.000Z', maxUnitPrice: 2.5, note: why }] }));
    const { page, problems, close } = await openPage(stack);
    const item = page.locator('#by-rule-list li[data-po="PO-REC-2"]');
    await item.waitFor();
    expect(await item.innerText()).toBe(`PO-REC-2 REC from acme-industrial, 25.00 USD (received) · by rule routine-order: ${why}`);
    expect(await page.locator('#by-rule-list li').count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });

  it('the blanket agreements are listed with their status and what remains of each', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const made = await stack.authed('POST', '/agreements', {
      supplier: 'quickparts', validFrom: '2026-01-01', validUntil: '2099-12-31', leadTimeDays: 1, totalValue: 400,
      lines: [{ sku: 'TAPE-50', unitPrice: 2.3, quantity: 150 }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { page, problems, close } = await openPage(stack);
    const item = page.locator(`#agreements-list li[data-agreement="${made.body.agreementId}"]`);
    await item.waitFor();
    expect(await item.innerText()).toBe(`${made.body.agreementId} quickparts (active, approval once) until 2100-01-01 00:00 UTC: TAPE-50 at 2.3 USD, 150 of 150 left; 400.00 of 400.00 USD left · approved by dana`);
    expect(problems).toEqual([]);
    await close();
  });

  it('a manager selects every waiting PO and approves them in one click; the record\'s spend shows per supplier and month', async () => {
    const stack = await startStack({ temporal: 'dev' });
    await stack.records.save(record(1, { orderedAt: '2026-10-05T09:00:00.000Z', orderTotal: 459 }));
    await stack.records.save(record(2, { orderedAt: '2026-10-20T09:00:00.000Z', orderTotal: 41, supplier: 'quickparts' }));
    const skus = [stack.newSku(), stack.newSku()];
    const requests = await Promise.all(skus.map((sku) => story(stack, sku).parkAtApproval()));
    const { page, problems, close } = await openPage(stack);
    if (stack.managerToken) await enterToken(page, stack.managerToken);
    for (const r of requests) await card(page, r.poNumber).waitFor();

    const acme = page.locator('#spend-chart rect.spend-bar[data-supplier="acme-industrial"][data-month="2026-10"]');
    await acme.waitFor();
    expect(await acme.locator('title').textContent()).toBe('acme-industrial 2026-10: 459.00 USD (1 order)');
    expect(await page.locator('#spend-chart rect.spend-bar[data-supplier="quickparts"]').count()).toBe(1);
    expect(await page.locator('#spend-chart').innerHTML()).toContain('500.00');

    expect(await page.locator('#approve-selected').isDisabled()).toBe(true);
    await page.check('#select-all');
    expect(await page.locator('#approve-selected').innerText()).toBe('Approve 2 selected');
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: `${resultsDir}bulk-and-spend.png`, fullPage: true });
    await page.click('#approve-selected');
    await page.locator('#bulk-msg', { hasText: '2 approved.' }).waitFor();
    for (const r of requests) await card(page, r.poNumber).waitFor({ state: 'detached', timeout: 30_000 });
    for (const sku of skus) {
      await story(stack, sku).phase('ordered');
      expect(await stack.sandbox.orders(sku)).toHaveLength(1);
    }
    expect(await page.locator('#bulk').isHidden()).toBe(true);
    // The answer stays readable once the inbox has emptied and the bulk controls are gone.
    expect(await page.locator('#bulk-msg').isVisible()).toBe(true);
    expect(await page.locator('#bulk-msg').innerText()).toBe('2 approved.');
    expect(problems).toEqual([]);
    await close();
  });

  // A price a supplier raised after the order showed on its card as if drafted, and "Select all" then
  // "Approve selected" accepted the raise with the drafted POs.
  it('a price raised after the order says so on its card, and selecting all leaves it for a decision of its own', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const drafted = await story(stack, stack.newSku()).parkAtApproval();
    // As a run asking about a raised price writes the inbox (src/records/approvals-waiting.ts).
    await stack.records.waiting.show({
      workflowId: 'replenish-RAISED-1', sku: 'RAISED', poNumber: 'PO-RAISED-1', version: 1,
      request: {
        supplier: 'acme-industrial', quantity: 90, unitPrice: 5.6, total: 504, onHand: 10, safetyStock: 20, alternatives: [], requestedAt: new Date().toISOString(),
        priceChange: { orderedUnitPrice: 5.1, orderedTotal: 459, supplierSays: 'Due to the steel surcharge our unit price is now 5.60.' },
      },
    });
    const { page, problems, close } = await openPage(stack);
    if (stack.managerToken) await enterToken(page, stack.managerToken);
    await card(page, drafted.poNumber).waitFor();
    const raised = card(page, 'PO-RAISED-1');
    await raised.locator('.facts dd', { hasText: 'ordered at 5.10' }).waitFor();
    expect(await raised.locator('.facts').innerText()).toContain('Due to the steel surcharge our unit price is now 5.60.');
    expect(await raised.locator('input.pick').isDisabled()).toBe(true);
    await page.check('#select-all');
    expect(await page.locator('#approve-selected').innerText()).toBe('Approve 1 selected');
    expect(await raised.locator('input.pick').isChecked()).toBe(false);
    expect(problems).toEqual([]);
    await close();
  });

  it('a manager sees the pending PO with its figures, approves it in one click, and the run moves on', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    const request = await s.approvalRequest();
    const { page, problems, close } = await openPage(stack);

    const pending = card(page, request.poNumber);
    await pending.waitFor();
    const text = await pending.innerText();
    for (const expected of [sku, 'acme-industrial', String(request.quantity), '5.10', (request.quantity * 5.1).toFixed(2), 'quickparts at 6.40', 'On hand\n10', 'Safety stock\n20']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/waiting \d/);
    await page.locator(`tr[data-sku="${sku}"]`, { hasText: 'awaiting approval' }).waitFor();
    expect(await pending.locator('input[name=ceiling]').inputValue()).toBe('5.10');
    // The SKU table is one page of the catalogue; this stack's catalogue fits on the first.
    const skus = (await stack.world.inventory()).length;
    expect(await page.locator('#skus-range').innerText()).toBe(`1–${skus} of ${skus}`);
    expect(await page.locator('#skus-next').isDisabled()).toBe(true);

    // Without a token the API refuses the decision and the page says why; nothing is ordered.
    await pending.locator('button.approve-btn').click();
    await pending.locator('.card-msg', { hasText: '401' }).waitFor();
    expect(await page.locator('#banner').innerText()).toMatch(/401 Unauthorized.*Enter your manager token/);
    expect(await s.orders()).toHaveLength(0);

    if (stack.managerToken) await enterToken(page, stack.managerToken);
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: `${resultsDir}inbox.png`, fullPage: true });
    await pending.locator('button.approve-btn').click();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    await phaseOf(page, sku).filter({ hasText: /^(ordered|awaiting goods)$/ }).waitFor({ timeout: 30_000 });
    expect(await s.orders()).toHaveLength(1);
    expect((await s.view()).replenishment.decision).toMatchObject({ kind: 'approved', maxUnitPrice: request.unitPrice, by: 'dana' });
    expect(await page.locator('#inbox-empty').isVisible()).toBe(true);

    // The SKU's replenishment: its decision log in words beside the timeline, and the Web UI link.
    await page.click(`button.sku-link[data-sku="${sku}"]`);
    await page.locator('#log li', { hasText: 'place_order' }).waitFor();
    expect(await page.locator('#log').innerText()).toMatch(/wait_for_approval — answered/);
    await page.locator('#timeline svg g.turn').first().waitFor();
    expect(await page.getAttribute('#web-ui', 'href')).toBe(`http://localhost:8233/namespaces/default/workflows/replenish-${sku}-1`);
    // The run's button carries the workflow id the API gave for it.
    expect(await page.getAttribute('#runs button.run', 'data-run')).toBe((await s.view()).runs[0].workflowId);
    expect(problems).toEqual([]);
    await close();
  });

  it('a rejection needs a reason, and a refusal from the API reads as a message', async () => {
    const { s, request, page, problems, close, pending } = await atPendingCard();

    await pending.locator('button.reject-btn').click();
    await pending.locator('.card-msg', { hasText: 'Say why you reject it' }).waitFor();

    // Another manager decided first: the API answers 409 and the page says nothing changed.
    await page.route('**/decision', (route) => route.fulfill({
      status: 409, contentType: 'application/json', body: JSON.stringify({ error: `${request.poNumber} is not waiting for a decision` }),
    }), { times: 1 });
    await pending.locator('input[name=reason]').fill('too dear this month');
    await pending.locator('button.reject-btn').click();
    await pending.locator('.card-msg', { hasText: '409' }).waitFor();
    expect(await page.locator('#banner').innerText()).toMatch(/409 Conflict.*not waiting for a decision.*Nothing changed/);

    await pending.locator('button.reject-btn').click();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    expect(await s.outcome()).toMatchObject({ outcome: 'rejected' });
    expect((await s.view()).replenishment.decision).toMatchObject({ kind: 'rejected', reason: 'too dear this month', by: 'dana' });
    expect(await s.orders()).toHaveLength(0);
    expect(problems).toEqual([]);
    await close();
  });

  it('a manager approves with edits from the card: an edit the agent refuses says why, another quantity is ordered as edited', async () => {
    const { stack, s, request, problems, close, pending } = await atPendingCard();

    await pending.locator('details.edit summary').click();
    // Choosing another quote moves the ceiling to its price; the drafted one brings the drafted terms back.
    const alternative = (await stack.api('GET', '/approvals')).body.items.find((i: { poNumber: string }) => i.poNumber === request.poNumber).alternatives[0];
    await pending.locator('select[name=quote]').selectOption(alternative.quoteId);
    expect(await pending.locator('input[name=ceiling]').inputValue()).toBe(alternative.unitPrice.toFixed(2));
    await pending.locator('select[name=quote]').selectOption('');
    expect(await pending.locator('input[name=ceiling]').inputValue()).toBe('5.10');
    expect(await pending.locator('input[name=quantity]').inputValue()).toBe(String(request.quantity));

    // One unit is below the supplier's minimum: a 409 naming the rule, and the PO still waits.
    await pending.locator('input[name=quantity]').fill('1');
    await pending.locator('button.approve-btn').click();
    await pending.locator('.card-msg', { hasText: '409' }).waitFor();
    expect(await s.orders()).toHaveLength(0);

    await pending.locator('input[name=quantity]').fill('50');
    await pending.locator('button.approve-btn').click();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    const [order] = await eventually(() => s.orders(), (o) => o.length > 0);
    expect(order).toMatchObject({ poNumber: `${request.poNumber}-R1`, quantity: 50 });
    expect((await s.view()).replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana', channel: 'page', edit: { approved: { quantity: 50 } } });
    expect(problems).toEqual([]);
    await close();
  });

  it('a manager cancels a running replenishment from its SKU, saying why', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const { page, problems, close } = await openPage(stack);
    if (stack.managerToken) await enterToken(page, stack.managerToken);
    await page.click(`button.sku-link[data-sku="${sku}"]`);
    const form = page.locator('#cancel-po');
    await form.waitFor();
    expect(await page.locator('#cancel-po-number').innerText()).toBe(request.poNumber);

    await form.locator('button[type=submit]').click();
    await page.locator('#cancel-msg', { hasText: 'Say why you cancel it' }).waitFor();
    await page.locator('#cancel-reason').fill('ordered from a local supplier');
    await form.locator('button[type=submit]').click();
    await page.locator('#cancel-msg', { hasText: `Cancelling ${request.poNumber} (by dana)` }).waitFor();
    expect(await s.outcome()).toMatchObject({ outcome: 'cancelled', reason: 'cancelled by dana: ordered from a local supplier' });
    await form.waitFor({ state: 'hidden', timeout: 30_000 });
    expect(problems).toEqual([]);
    await close();
  });

  it('a run that fails on nondeterminism shows in a banner with its repair command, until it is repaired', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    await story(stack, sku).parkAtApproval();
    const { runId } = await stack.client.workflow.getHandle(`replenish-${sku}-1`).describe();
    // What a worker of this process notes from core's log when the run's task fails (src/repair/stuck-runs.ts;
    // the real failure and its repair are test/scenarios/repair.test.ts).
    stuckRuns.noteCoreLog('Failing workflow task', { runId, failure: 'Failure { message: "[TMPRL1100] Nondeterminism error: sample" }' });
    const { page, problems, close } = await openPage(stack);
    const banner = page.locator('#stuck');
    await banner.locator('code', { hasText: `replenisher repair replenish-${sku}-1` }).waitFor();
    expect(await banner.innerText()).toMatch(/1 run cannot go on: today's code does not replay its history/);
    stuckRuns.forget(runId);
    await banner.waitFor({ state: 'hidden', timeout: 30_000 });
    expect(problems).toEqual([]);
    await close();
  });

  it('the timeline of a run whose worker was down when the manager approved shows the band where it was down', async () => {
    const stack = await startStack({ temporal: 'dev', inProcessWorker: false });
    const sku = stack.newSku();
    const s = story(stack, sku);
    let worker = await startExternalWorker(stack);
    const request = await s.parkAtApproval();
    const { page, problems, close } = await openPage(stack);
    if (stack.managerToken) await enterToken(page, stack.managerToken);
    const pending = card(page, request.poNumber);
    await pending.waitFor();

    // The worker dies during the wait; the manager approves while it is down, and the API holds
    // the approval until a worker takes the agent's task again.
    await kill(worker);
    await pending.locator('button.approve-btn').click();
    await pending.locator('.card-msg', { hasText: 'Approving' }).waitFor();
    await new Promise((r) => setTimeout(r, 3_000));
    worker = await startExternalWorker(stack);
    await pending.waitFor({ state: 'detached', timeout: 45_000 });
    await s.waitingIn('wait_for_supplier_reply');
    await s.reply(request.poNumber, 'c-1', 'Confirmed.', { kind: 'confirmed' });
    await s.waitingIn('wait_for_goods');
    await s.receive(request.poNumber, 'r-1', request.quantity);
    expect((await s.outcome()).outcome).toBe('received');
    expect(await s.orders()).toHaveLength(1);

    const workflowId = `replenish-${sku}-1`;
    const { body: timeline } = await stack.api('GET', `/replenishments/${workflowId}/timeline`);
    const approval = timeline.waits.find((w: { tool: string }) => w.tool === 'wait_for_approval');
    expect(approval).toMatchObject({ ended: 'message', message: { event: 'approval', by: 'dana' } });
    expect(timeline.gaps.length, JSON.stringify(timeline.gaps)).toBeGreaterThanOrEqual(1);
    const gap = timeline.gaps[0];
    expect(Date.parse(gap.from)).toBeGreaterThanOrEqual(Date.parse(approval.startedAt));
    expect(Date.parse(gap.to)).toBeLessThanOrEqual(Date.parse(approval.endedAt));
    expect(Date.parse(gap.to) - Date.parse(gap.from)).toBeGreaterThan(3_000);
    expect(timeline.workerChanges.length).toBeGreaterThanOrEqual(1);

    await page.click(`button.sku-link[data-sku="${sku}"]`);
    const figure = page.locator('#timeline');
    await figure.locator('svg g.gap').first().waitFor();
    expect(await figure.locator('svg g.turn').count()).toBe(timeline.turns.length);
    expect(timeline.waits.map((w: { tool: string; ended: string }) => [w.tool, w.ended])).toEqual([
      ['wait_for_approval', 'message'], ['wait_for_supplier_reply', 'message'], ['wait_for_goods', 'message'],
    ]);
    expect(await figure.locator('svg g.wait-message').count()).toBe(3);
    expect(await figure.locator('svg g.outcome').textContent()).toContain('received');
    await page.locator('#log li', { hasText: 'close_purchase_order' }).waitFor();

    // The standalone SVG parses as SVG in the browser too.
    const parsed = await page.evaluate(async (url) => {
      const doc = new (globalThis as any).DOMParser().parseFromString(await (await fetch(url)).text(), 'image/svg+xml');
      return { root: doc.documentElement.nodeName, ns: doc.documentElement.namespaceURI, errors: doc.getElementsByTagName('parsererror').length };
    }, `/replenishments/${workflowId}/timeline.svg`);
    expect(parsed).toEqual({ root: 'svg', ns: 'http://www.w3.org/2000/svg', errors: 0 });

    mkdirSync(resultsDir, { recursive: true });
    const path = `${resultsDir}timeline.png`;
    await page.locator('#detail').screenshot({ path });
    const png = readFileSync(path);
    expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(png.length).toBeGreaterThan(10_000);
    expect(problems).toEqual([]);
    await close();
    await kill(worker);
  });
});

describe('a supplier\'s consolidated PO on the manager\'s page', () => {
  it('shows as one card with its lines, decided whole: approving it orders every line', async () => {
    const { stack, skus, spo, desk, supplier } = await askedAboutTwoLines();
    const { page, problems, close } = await openPage(stack);
    if (stack.managerToken) await enterToken(page, stack.managerToken);
    const pending = card(page, spo);
    await pending.waitFor({ timeout: 30_000 });
    const text = await pending.innerText();
    for (const expected of ['Consolidated PO', supplier, 'Lines\n2', 'Goods\n360.00', 'Freight\n20.00', 'Total\n380.00', 'the window opened at ']) expect(text.toUpperCase()).toContain(expected.toUpperCase());
    for (const s of skus) {
      expect(await pending.locator(`table.lines tr[data-po="PO-${s}-1"]`).innerText()).toMatch(new RegExp(`PO-${s}-1\\s+${s}\\s+90\\s+2\\.00.*\\s+180\\.00`));
    }
    // Decided whole: no edits on its card, and the ceiling is its dearest line's price.
    expect(await pending.locator('details.edit').count()).toBe(0);
    expect(await pending.locator('input[name=ceiling]').inputValue()).toBe('2.00');

    await pending.locator('button.approve-btn').click();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    const views = await Promise.all(skus.map((s) => story(stack, s).phase('ordered')));
    for (const v of views) expect(v.replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana' });
    expect(stack.sandbox.store.ordersOfGroup(spo).map((o) => o.placeCalls)).toEqual([1, 1]);
    expect(problems).toEqual([]);
    await close();
    await desk.terminate('test over');
  });

  it('a rejection from its card ends every line rejected with the reason', async () => {
    const { stack, skus, spo, desk } = await askedAboutTwoLines();
    const { page, close } = await openPage(stack);
    if (stack.managerToken) await enterToken(page, stack.managerToken);
    const pending = card(page, spo);
    await pending.waitFor({ timeout: 30_000 });
    await pending.locator('input[name=reason]').fill('too much freight');
    await pending.locator('button.reject-btn').click();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    for (const s of skus) expect(await story(stack, s).outcome()).toMatchObject({ outcome: 'rejected', reason: `rejected by dana: too much freight (on ${spo})` });
    await close();
    await desk.terminate('test over');
  });
});
