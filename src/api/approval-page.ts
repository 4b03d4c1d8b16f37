import { formatMoney } from '../domain/money.js';
import type { ApprovalWaiting, ConsolidatedWaiting, InboxItem } from '../records/approvals-waiting.js';
import { LINK_PATH, type LinkClaims } from './approval-links.js';

/**
 * The pages an approval link shows, rendered on the server: no script, the manager's page's style
 * sheet, so the API's content security policy holds. A GET only ever shows one of these; the form's
 * POST is what decides.
 */

const esc = (s: string | number): string => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<link rel="stylesheet" href="/ui/style.css">
</head>
<body>
<main>
<h1>${esc(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const row = (name: string, value: string) => `<tr><th scope="row">${esc(name)}</th><td>${esc(value)}</td></tr>`;

const approvalsRow = (r: Pick<ApprovalWaiting, 'approvedBy' | 'approvalsNeeded'>) => (r.approvalsNeeded && r.approvalsNeeded > 1
  ? [row('Approvals', `${r.approvedBy?.length ?? 0} of ${r.approvalsNeeded}${r.approvedBy?.length ? ` (${r.approvedBy.join(', ')})` : ''}`)]
  : []);

/** A run's PO: its SKU, stock and the other quotes. */
function poTerms(r: ApprovalWaiting, money: (n: number) => string): string {
  const others = r.alternatives.map((q) => `${q.supplier} ${money(q.unitPrice)} (MOQ ${q.moq}, ${q.leadTimeDays} days)`).join('; ');
  return [
    row('SKU', r.sku), row('Supplier', r.supplier), row('Quantity', String(r.quantity)),
    row('Unit price', money(r.unitPrice)), row('Total', r.freight ? `${money(r.total)} (incl. freight ${money(r.freight)})` : money(r.total)),
    row('Stock on hand', `${r.onHand} (safety stock ${r.safetyStock})`),
    ...(r.priceChange ? [row('Ordered at', `${money(r.priceChange.orderedUnitPrice)}; the supplier now asks ${money(r.unitPrice)}`)] : []),
    row('Other quotes', others || 'none'),
    ...approvalsRow(r),
  ].join('\n');
}

/** A consolidated PO: its lines, decided whole. */
function spoTerms(r: ConsolidatedWaiting, money: (n: number) => string): string {
  return [
    row('Supplier', r.supplier),
    ...r.lines.map((l) => row(`Line ${l.poNumber}`, `${l.quantity} × ${l.sku} at ${money(l.unitPrice)} = ${money(l.lineTotal)}`)),
    row('Total', r.freight ? `${money(r.total)} (goods ${money(r.goods)}, freight ${money(r.freight)})` : money(r.total)),
    row('Gathered until', r.closedBecause),
    ...approvalsRow(r),
  ].join('\n');
}

/** The terms a link decides on, and the one button that decides. */
export function confirmationPage(token: string, c: LinkClaims, r: InboxItem, currency: string): string {
  const money = (n: number) => formatMoney(n, currency);
  const approve = c.action === 'approve';
  const title = `${approve ? 'Approve' : 'Reject'} ${c.poNumber}?`;
  const terms = 'kind' in r ? spoTerms(r, money) : poTerms(r, money);
  const field = approve
    ? `<p><label>Note (optional)<br><input name="note" maxlength="500" size="50"></label></p>`
    : `<p><label>Why (optional)<br><input name="reason" maxlength="500" size="50"></label></p>`;
  return page(title, `<p class="muted">For ${esc(c.manager)}. This link works once, until ${esc(new Date(c.expiresAt * 1000).toISOString())}, and only while ${esc(c.poNumber)} waits for these terms. Opening it decides nothing.</p>
<table>
${terms}
</table>
<form method="post" action="${LINK_PATH}">
<input type="hidden" name="token" value="${esc(token)}">
${field}
<p><button type="submit">${approve ? `Approve up to ${esc(money(c.unitPrice))} a unit` : 'Reject'}</button></p>
</form>`);
}

/** What a decision by link came to: delivered to the agent, or why not. */
export function resultPage(status: number, c: Pick<LinkClaims, 'action' | 'poNumber'> | null, message: string): string {
  const done = status === 200 || status === 202;
  const title = done
    ? `${c?.action === 'approve' ? 'Approved' : 'Rejected'}: ${c?.poNumber ?? ''}`
    : `Nothing was decided${c ? ` on ${c.poNumber}` : ''}`;
  return page(title, `<p>${esc(message)}</p>`);
}
