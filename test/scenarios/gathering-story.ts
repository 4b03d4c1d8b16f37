import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApprovalPolicy } from '../../src/domain/approval-policy.js';
import type { Security } from '../../src/api/security.js';
import type { GatheringSetting } from '../../src/domain/gathering.js';
import { supplierDeskId } from '../../src/domain/ids.js';
import type { Rules } from '../../src/domain/rules.js';
import { deskStateQuery } from '../../src/workflows/messages.js';
import { parseDirectory, type SupplierDirectory } from '../../src/mail/directory.js';
import { record } from '../support/records.js';
import { eventually, startStack } from '../support/stack.js';
import { story } from './story.js';

const policy: ApprovalPolicy = { autoApproveBelow: 1000, priceTolerancePct: 5, budgetPerMonth: 10_000 };
const orderCosts = { freight: 20, freeFreightFrom: 1000 };

/**
 * A stack with a supplier of this test alone (the Temporal server, and so the desk's id, is shared
 * by every test), that gathers by `setting` and charges freight per order, and is the only one to
 * carry the SKUs made with `sku()`; bought from before at 2.00, so the approval policy knows its
 * price (a SKU quoted dearer, `sku(levels, 3)`, is not routine and goes to the manager).
 */
export async function gatheringStack(setting: GatheringSetting, {
  byRule = true, inProcessWorker = true, autoApproveBelow = policy.autoApproveBelow, mailSecret = undefined as string | undefined, smtpUrl = undefined as string | undefined,
  twoApprovalsAbove = undefined as number | undefined, security = {} as Partial<Security>, rules = {} as Partial<Rules>,
} = {}) {
  const supplier = `gather-${randomUUID().slice(0, 8)}`;
  // With a mail secret, the supplier also writes from orders@<supplier>.example, taken by the inbound-mail webhook.
  const directory = parseDirectory(`${supplier}:orders@${supplier}.example|${supplier}.example`) as SupplierDirectory;
  const stack = await startStack({
    temporal: 'dev', inProcessWorker,
    rules: { ...(byRule ? { approvalPolicy: { ...policy, autoApproveBelow } } : {}), gathering: { [supplier]: setting }, ...(twoApprovalsAbove ? { twoApprovalsAbove } : {}), ...rules },
    // acme-industrial signs too: a supplier that can sign, other than the one its POs went to.
    security: { supplierSecrets: { [supplier]: randomBytes(24).toString('hex'), 'acme-industrial': randomBytes(24).toString('hex') }, ...security },
    // With an SMTP server, the agent's mail to the supplier goes out through it.
    mail: {
      ...(mailSecret ? { inbound: { secret: mailSecret, directory, authservId: 'mx.provider.example', maxBytes: 1024 * 1024 } } : {}),
      ...(smtpUrl ? { outgoing: { transport: smtpUrl, from: 'purchasing@buyer.example', directory } } : {}),
    },
  });
  stack.sandbox.store.setSupplier(supplier, { orderCosts });
  const desk = stack.client.workflow.getHandle(supplierDeskId(supplier));
  const sku = async (levels?: { onHand: number; safetyStock: number; targetLevel: number }, basePrice = 2) => {
    const s = stack.newSku(levels, [{ supplier, basePrice, moq: 10, leadTimeDays: 1 }]);
    await stack.records.save(record(1, { replenishmentId: `replenish-${s}-0`, sku: s, poNumber: `PO-${s}-0`, unitPrice: 2, supplier }));
    return s;
  };
  /** A SKU that sold 30 in the last ten days and has none left: it must be ordered now, whatever the window. */
  const urgentSku = async (basePrice = 2) => {
    const s = await sku({ onHand: 0, safetyStock: 20, targetLevel: 100 }, basePrice);
    stack.sandbox.store.adjust(s, -30, 'sold', new Date(Date.now() - 10 * 86_400_000).toISOString());
    return s;
  };
  const deskView = () => desk.query(deskStateQuery);
  /** The notifications asking the manager about `spo`, once there is one. */
  const asked = (spo: string) => eventually(async () => stack.sandbox.store.notifications().filter((n) => n.poNumber === spo), (ns) => ns.length > 0, 60_000, `the manager to be asked about ${spo}`);
  return { stack, supplier, desk, sku, urgentSku, deskView, asked };
}

/** Two SKUs gathered into SPO-<supplier>-1, which the manager is asked to approve (no approval policy). */
export async function askedAboutTwoLines(opts: Omit<Parameters<typeof gatheringStack>[1] & object, 'byRule'> = {}) {
  const g = await gatheringStack({ windowHours: 0.005 }, { ...opts, byRule: false });
  const skus = [await g.sku(), await g.sku()];
  await Promise.all(skus.map((s) => story(g.stack, s).startAgent()));
  const spo = `SPO-${g.supplier}-1`;
  const asked = await g.asked(spo);
  expect(asked[0]!.subject).toBe(`Approve ${spo}: 2 lines from ${g.supplier}, total 380.00 USD`);
  expect(asked[0]!.body).toMatch(new RegExp(`^${spo} to ${g.supplier}: 90 × .* \\(PO-.*-1\\); 90 × .*; goods 360\\.00 USD, freight 20\\.00 USD, total 380\\.00 USD; 20\\.00 USD less freight than 2 orders alone`));
  return { ...g, skus, spo, decide: (body: unknown, po = spo, headers: Record<string, string> = {}) => story(g.stack, skus[0]!).decide(po, body, headers) };
}


/**
 * Two SKUs whose lines SPO-<supplier>-1 placed with the supplier (approved by rule): each run follows
 * its line, and what is addressed to the SPO number reaches them by the API as the supplier and the
 * warehouse send it.
 */
export async function placedTwoLines(opts: { mailSecret?: string; smtpUrl?: string } = {}) {
  const g = await gatheringStack({ windowHours: 0.005 }, opts);
  const skus = [await g.sku(), await g.sku()];
  await Promise.all(skus.map((s) => story(g.stack, s).startAgent()));
  await Promise.all(skus.map((s) => story(g.stack, s).phase('ordered')));
  const spo = `SPO-${g.supplier}-1`;
  // In the order the SPO holds its lines (the order they joined), as every answer lists them.
  const lines = (await g.stack.records.supplierOrders.of(spo))!.lines;
  return {
    ...g, skus: lines.map((l) => l.sku), spo, pos: lines.map((l) => l.poNumber),
    reply: (body: unknown, to = spo, supplier = g.supplier) => g.stack.authed('POST', `/purchase-orders/${to}/supplier-replies`, body, { supplier }),
    receive: (body: unknown, to = spo) => g.stack.authed('POST', `/purchase-orders/${to}/receipts`, body),
    cancel: (body: unknown, headers: Record<string, string> = {}) => g.stack.authed('POST', `/purchase-orders/${spo}/cancel`, body, { headers }),
    read: async () => (await g.stack.api('GET', `/purchase-orders/${spo}`)).body,
    /** What each line's run holds: its phase, the replies it read, the units received, what it noted. */
    runs: () => Promise.all(skus.map(async (s) => (await story(g.stack, s).view()).replenishment)),
  };
}
