import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { AgreementInput } from '../../src/domain/agreement.js';
import { startPostgres } from '../support/postgres.js';
import { eventually, startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';

/** Acme's price for the SKUs, approved once, until the end of next year. */
const terms = (skus: string[], o: Partial<AgreementInput> = {}) => ({
  supplier: 'acme-industrial', validFrom: '2020-01-01', validUntil: `${new Date().getUTCFullYear() + 1}-12-31`, leadTimeDays: 5,
  lines: skus.map((sku) => ({ sku, unitPrice: 5, quantity: 1000 })), ...o,
});

async function approveAgreement(stack: Stack, body: unknown): Promise<string> {
  const res = await stack.authed('POST', '/agreements', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body).toMatchObject({ approvedBy: 'dana', status: 'active' });
  return res.body.agreementId as string;
}

const notifiedAbout = (stack: Stack, sku: string) => stack.sandbox.store.notifications().filter((n) => n.sku === sku);

let postgres: ReturnType<typeof startPostgres> | undefined;
afterAll(async () => { if (postgres) await (await postgres).stop(); });

describe('blanket agreements', () => {
  it('a SKU an agreement covers is drafted from it without asking suppliers, approved by rule, ordered, and the PO names the agreement', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const agreementId = await approveAgreement(stack, terms([sku]));
    const s = story(stack, sku);

    await s.startAgent();
    const ordered = await s.phase('ordered');
    const po = ordered.replenishment.po;
    expect(po).toMatchObject({ agreementId, quoteId: agreementId, supplier: 'acme-industrial', quantity: 90, unitPrice: 5, total: 450 });
    expect(ordered.replenishment.decision).toMatchObject({ kind: 'approved', by: 'policy:blanket-agreement', rule: 'blanket-agreement' });
    expect(ordered.replenishment.decision.note).toMatch(new RegExp(`90 × ${sku} at 5\\.00 USD \\(450\\.00 USD\\) drawn on agreement ${agreementId} with acme-industrial, approved once by dana .*; 910 × ${sku} left`));
    expect(stack.sandbox.store.quotesGiven(sku)).toBe(0);
    expect(notifiedAbout(stack, sku).filter((n) => n.subject.startsWith('Approve'))).toEqual([]);
    expect(await s.orders()).toEqual([expect.objectContaining({ poNumber: po.poNumber, supplier: 'acme-industrial', quantity: 90, unitPrice: 5 })]);

    const view = await stack.api('GET', `/purchase-orders/${po.poNumber}`);
    expect(view.body.agreement).toMatchObject({ agreementId, quantity: 90, value: 450 });
    const agreement = await stack.api('GET', `/agreements/${agreementId}`);
    expect(agreement.body).toMatchObject({ status: 'active', lines: [{ sku, drawnQuantity: 90, remainingQuantity: 910 }], draws: [{ poNumber: po.poNumber, quantity: 90 }] });

    expect((await s.reply(po.poNumber, 'm-1', 'We confirm your order.', { kind: 'confirmed' })).status).toBe(202);
    await s.phase('awaiting goods');
    expect((await s.receive(po.poNumber, 'r-1', 90)).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('received');
    await eventually(() => stack.records.get(`replenish-${sku}-1`), (r) => r !== null, 30_000, 'the record');
    // Ordered, the draw stays with the settled PO.
    expect(await stack.records.agreements.drawOf(po.poNumber)).toMatchObject({ agreementId, quantity: 90 });
  });

  it('a PO of an agreement that asks for each order\'s approval draws on it and goes to the manager; rejected, it gives its draw back', async () => {
    const stack = await startStack({ temporal: 'dev' });
    const sku = stack.newSku();
    const agreementId = await approveAgreement(stack, terms([sku], { approval: 'each-order' }));
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    expect(request).toMatchObject({ supplier: 'acme-industrial', unitPrice: 5, quantity: 90 });
    expect(notifiedAbout(stack, sku)[0]!.body).toMatch(new RegExp(`drawn on agreement ${agreementId} with acme-industrial, which asks for a manager's approval of each order; 910 × ${sku} left`));
    expect((await s.decide(request.poNumber, { decision: 'reject', reason: 'not now' })).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('rejected');
    await eventually(() => stack.records.get(`replenish-${sku}-1`), (r) => r !== null, 30_000, 'the record');
    expect((await stack.records.agreements.get(agreementId))!.lines[0]).toMatchObject({ drawnQuantity: 0, remainingQuantity: 1000 });
  });

  /**
   * The agreement's value holds one PO of the two. A lock on the agreements table (reads pass, the
   * draws wait) holds both draws back until both runs have drafted from the agreement; then both
   * draw at once.
   */
  it('two agents racing for the last of an agreement kept in PostgreSQL: exactly one is approved by it, the other goes to the manager saying why', async () => {
    const { url } = await (postgres ??= startPostgres());
    const stack = await startStack({ temporal: 'dev', databaseUrl: url });
    const skus = [stack.newSku(), stack.newSku()];
    const agreementId = await approveAgreement(stack, terms(skus, { totalValue: 500, lines: skus.map((sku) => ({ sku, unitPrice: 5 })) }));
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE agreements IN EXCLUSIVE MODE');
      await Promise.all(skus.map((sku) => story(stack, sku).startAgent()));
      await Promise.all(skus.map((sku) => eventually(story(stack, sku).view, (v) => v.replenishment?.po?.agreementId === agreementId, 30_000, `${sku} to draft from the agreement`)));
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    const views = await Promise.all(skus.map((sku) => eventually(story(stack, sku).view, (v) => ['ordered', 'awaiting approval'].includes(v.replenishment?.phase), 60_000, `${sku} to be ordered or asked about`)));
    expect(views.map((v) => v.replenishment.phase).sort()).toEqual(['awaiting approval', 'ordered']);
    const won = views.find((v) => v.replenishment.phase === 'ordered')!;
    expect(won.replenishment.decision).toMatchObject({ by: 'policy:blanket-agreement' });
    const asked = views.find((v) => v.replenishment.phase === 'awaiting approval')!;
    expect(notifiedAbout(stack, asked.sku)[0]!.body).toContain(`Not approved by rule: the blanket agreement did not cover it: agreement ${agreementId} has 50.00 USD left, less than the total 450.00 USD`);
    expect(await stack.records.agreements.get(agreementId)).toMatchObject({ drawnValue: 450, remainingValue: 50 });
  });
});
