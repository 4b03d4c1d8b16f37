import { BLANKET_AGREEMENT_RULE, remainingWords, type AgreementDesk } from '../domain/agreement.js';
import type { PolicyVerdict } from '../domain/approval-policy.js';
import { formatMoney } from '../domain/money.js';
import type { PurchaseOrder } from '../domain/types.js';
import type { AgreementLedger } from '../records/agreements.js';
import { businessRefusal } from '../world/errors.js';

/** The agreements as the tools read them, at the worker's clock. */
export const agreementDesk = (ledger: AgreementLedger, clock: () => Date = () => new Date()): AgreementDesk => ({
  offers: (sku) => ledger.offers(sku, clock().toISOString()),
  async terms(agreementId, sku) {
    const offer = (await ledger.offers(sku, clock().toISOString())).find((o) => o.agreementId === agreementId);
    // Cancelled, expired or gone: the check before ordering re-quotes, as for a quote withdrawn at a supplier.
    if (!offer) throw businessRefusal(`agreement ${agreementId} no longer covers ${sku} (cancelled or expired)`);
    return { unitPrice: offer.unitPrice, validUntil: offer.validUntil };
  },
});

/**
 * Draws a PO drafted from an agreement down from it. Approved by rule only when the draw succeeded
 * and the agreement was approved for every order within it; otherwise the manager is asked, told
 * why the agreement did not cover the PO or that it asks for each order's approval.
 */
export async function drawOnAgreement(ledger: AgreementLedger, po: PurchaseOrder & { agreementId: string }, at: string, currency: string): Promise<PolicyVerdict> {
  const money = (n: number) => formatMoney(n, currency);
  const answer = await ledger.draw({
    agreementId: po.agreementId, poNumber: po.poNumber, sku: po.sku, supplier: po.supplier, quantity: po.quantity, unitPrice: po.unitPrice, total: po.total, at,
  });
  if (!answer.drawn) return { approved: false, why: `the blanket agreement did not cover it: ${answer.why}` };
  const a = answer.agreement;
  const drawn = `${po.quantity} × ${po.sku} at ${money(po.unitPrice)} (${money(po.total)}) drawn on agreement ${a.agreementId} with ${a.supplier}`;
  const left = remainingWords(a, po.sku, currency);
  if (a.approval === 'each-order') return { approved: false, why: `${drawn}, which asks for a manager's approval of each order; ${left}` };
  return { approved: true, rule: BLANKET_AGREEMENT_RULE, reason: `${drawn}, approved once by ${a.approvedBy} at ${a.approvedAt}; ${left}` };
}
