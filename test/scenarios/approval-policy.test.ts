import { afterAll, describe, expect, it } from 'vitest';
import type { ApprovalPolicy } from '../../src/domain/approval-policy.js';
import { startPostgres } from '../support/postgres.js';
import { record } from '../support/records.js';
import { eventually, startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';
import { consultApprovalPolicy } from '../../src/activities/approval-policy.js';
import { awaitingApproval, rules, T0 } from '../support/states.js';

const policy = (o: Partial<ApprovalPolicy> = {}): ApprovalPolicy => ({ autoApproveBelow: 1000, priceTolerancePct: 5, budgetPerMonth: 10_000, ...o });

/** A SKU below safety stock whose last order from acme-industrial (the cheapest, 90 × 5.10 = 459.00 now) was at `lastPrice`. */
async function skuBoughtBefore(stack: Stack, lastPrice: number) {
  const sku = stack.newSku();
  await stack.records.save(record(1, { replenishmentId: `replenish-${sku}-0`, sku, poNumber: `PO-${sku}-0`, unitPrice: lastPrice, supplier: 'acme-industrial' }));
  return sku;
}

/** What the manager was told about this SKU's PO. */
const notifiedAbout = (stack: Stack, sku: string) => stack.sandbox.store.notifications().filter((n) => n.sku === sku);

/** The PostgreSQL cluster is started once for the file, by the first test that needs it. */
let postgres: ReturnType<typeof startPostgres> | undefined;
afterAll(async () => { if (postgres) await (await postgres).stop(); });

describe('the approval policy', () => {
  it('a routine PO (small, priced as last time, within the budget) is approved by rule, ordered without the manager, and recorded with its rule', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { approvalPolicy: policy() } });
    const sku = await skuBoughtBefore(stack, 5.1);
    const s = story(stack, sku);

    await s.startAgent();
    const ordered = await s.phase('ordered');
    expect(ordered.replenishment.decision).toMatchObject({ kind: 'approved', by: 'policy:routine-order', rule: 'routine-order' });
    expect(ordered.replenishment.decision.note).toMatch(/total 459\.00 USD below 1000\.00 USD; unit price 5\.10 USD within 5% .* 9541\.00 USD of the \d{4}-\d{2} budget/);
    expect(notifiedAbout(stack, sku).filter((n) => n.subject.startsWith('Approve'))).toEqual([]);
    expect(await stack.records.budget.reserved(new Date().toISOString().slice(0, 7))).toBe(459);

    const po = ordered.replenishment.po.poNumber as string;
    expect((await s.reply(po, 'm-1', 'We confirm your order.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(po, 'r-1', 90)).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('received');
    const saved = await eventually(() => stack.records.get(`replenish-${sku}-1`), (r) => r !== null, 30_000, 'the record');
    expect(saved!.approvals).toEqual([expect.objectContaining({ decision: 'approved', by: 'policy:routine-order', rule: 'routine-order' })]);
    // The seeded earlier order was approved by dana: each filter finds only its own.
    const byRule = await stack.api('GET', `/purchase-orders?sku=${sku}&approval=rule`);
    expect(byRule.status, JSON.stringify(byRule.body)).toBe(200);
    expect(byRule.body.items.map((r: { poNumber: string }) => r.poNumber)).toEqual([po]);
    expect(byRule.body.items[0].approvals[0].note).toMatch(/total 459\.00 USD below/);
    const byPerson = await stack.api('GET', `/purchase-orders?sku=${sku}&approval=person`);
    expect(byPerson.body.items.map((r: { poNumber: string }) => r.poNumber)).toEqual([`PO-${sku}-0`]);
    expect((await stack.api('GET', '/purchase-orders?approval=robot')).status).toBe(400);
  });

  it('an order approved by rule and then cancelled gives its total back to the month\'s budget', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { approvalPolicy: policy() } });
    const sku = await skuBoughtBefore(stack, 5.1);
    const s = story(stack, sku);
    await s.startAgent();
    const po = (await s.phase('ordered')).replenishment.po.poNumber as string;
    const month = new Date().toISOString().slice(0, 7);
    expect(await stack.records.budget.reserved(month)).toBe(459);
    expect((await stack.authed('POST', `/purchase-orders/${po}/cancel`, { reason: 'ordered elsewhere' })).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('cancelled');
    await eventually(() => stack.records.get(`replenish-${sku}-1`), (r) => r !== null, 30_000, 'the record');
    expect(await stack.records.budget.reserved(month)).toBe(0);
  });

  it('a price more than the tolerance above the last price paid goes to the manager, who is told why', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { approvalPolicy: policy() } });
    const sku = await skuBoughtBefore(stack, 4.5);
    const request = await story(stack, sku).parkAtApproval();
    expect(request.unitPrice).toBe(5.1);
    const [asked] = notifiedAbout(stack, sku);
    expect(asked!.body).toMatch(/Not approved by rule: unit price 5\.10 USD is more than 5% above the last price paid to acme-industrial, 4\.50 USD/);
    expect(await stack.records.budget.reserved(new Date().toISOString().slice(0, 7))).toBe(0);
  });

  // The agent's last order from acme-industrial was cancelled there (acme never answered, nothing came):
  // its price was taken as "the last price paid", and the next PO to the same supplier was approved by
  // rule and ordered without a person, from a supplier never bought from.
  it('an earlier order cancelled at the supplier, with nothing received, is no price paid: the PO goes to the manager', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { approvalPolicy: policy() } });
    const sku = stack.newSku();
    await stack.records.save(record(1, {
      replenishmentId: `replenish-${sku}-0`, sku, poNumber: `PO-${sku}-0`, unitPrice: 5.1, supplier: 'acme-industrial',
      outcome: 'cancelled', reason: 'acme-industrial did not answer after 2 chases', quantityReceived: 0, receivedAt: null,
    }));
    expect(await stack.records.lastPricePaid(sku, 'acme-industrial')).toBeNull();
    const request = await story(stack, sku).parkAtApproval();
    expect(request.supplier).toBe('acme-industrial');
    const [asked] = notifiedAbout(stack, sku);
    expect(asked!.body).toMatch(/Not approved by rule: nothing was bought from acme-industrial before/);
    expect(await stack.records.budget.reserved(new Date().toISOString().slice(0, 7))).toBe(0);

    // The agent's memory of a supplier that took orders and delivered none is no price paid either.
    const verdict = await consultApprovalPolicy(stack.records)({
      ...awaitingApproval(), suppliers: { acme: { orders: 1, received: 0, lastPrice: 5.1, lastLeadDays: null, lastSeen: T0, silences: 1 } },
    }, rules({ approvalPolicy: policy() }));
    expect(verdict).toMatchObject({ approved: false, why: expect.stringMatching(/nothing was bought from acme before/) });
  });

  it('a routine PO the month\'s budget cannot hold goes to the manager', async () => {
    const stack = await startStack({ temporal: 'dev', rules: { approvalPolicy: policy({ budgetPerMonth: 400 }) } });
    const sku = await skuBoughtBefore(stack, 5.1);
    await story(stack, sku).parkAtApproval();
    const [asked] = notifiedAbout(stack, sku);
    expect(asked!.body).toMatch(/Not approved by rule: the \d{4}-\d{2} budget for approvals by rule has 400\.00 USD left, less than the total 459\.00 USD/);
  });

  it.each([
    ['an SQLite file', async () => ({})],
    ['PostgreSQL', async () => ({ databaseUrl: (await (postgres ??= startPostgres())).url })],
  ])('two agents racing for the last of a budget kept in %s: exactly one is approved by rule, the other goes to the manager', async (_name, database) => {
    const stack = await startStack({ temporal: 'dev', rules: { approvalPolicy: policy({ budgetPerMonth: 500 }) }, ...(await database()) });
    const skus = [await skuBoughtBefore(stack, 5.1), await skuBoughtBefore(stack, 5.1)];
    await Promise.all(skus.map((sku) => story(stack, sku).startAgent()));
    const views = await Promise.all(skus.map((sku) => eventually(story(stack, sku).view, (v) => ['ordered', 'awaiting approval'].includes(v.replenishment?.phase), 60_000, `${sku} to be ordered or asked about`)));
    expect(views.map((v) => v.replenishment.phase).sort()).toEqual(['awaiting approval', 'ordered']);
    const asked = views.find((v) => v.replenishment.phase === 'awaiting approval')!;
    expect(notifiedAbout(stack, asked.sku)[0]!.body).toMatch(/budget for approvals by rule has 41\.00 USD left/);
    expect(await stack.records.budget.reserved(new Date().toISOString().slice(0, 7))).toBe(459);
  });
});
