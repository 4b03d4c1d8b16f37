import { beforeAll, describe, expect, it } from 'vitest';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';
import { story } from '../scenarios/story.js';

describe('the REST API refuses what it cannot act on, and says why', () => {
  let stack: Stack;
  let sku: string;
  let po: string;
  const historyLength = async () => (await stack.client.workflow.getHandle(`replenish-${sku}-1`).describe()).historyLength;

  beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
    sku = stack.newSku();
    const s = story(stack, sku);
    po = (await s.parkAtApproval()).poNumber;
  });

  const cases: [string, string, string, unknown, number, RegExp][] = [
    ['a start without a SKU', 'POST', '/agents', {}, 400, /sku/],
    ['a start for a SKU nobody stocks', 'POST', '/agents', { sku: 'NO-SUCH-SKU' }, 404, /unknown SKU NO-SUCH-SKU/],
    ['a SKU with spaces', 'POST', '/agents', { sku: 'two words' }, 400, /sku: a SKU is/],
    ['a malformed PO number', 'POST', '/purchase-orders/not-a-po/decision', { decision: 'reject', reason: 'x' }, 400, /PO number/],
    ['a decision without a price ceiling', 'POST', '/purchase-orders/{po}/decision', { decision: 'approve' }, 400, /maxUnitPrice/],
    ['a negative price ceiling', 'POST', '/purchase-orders/{po}/decision', { decision: 'approve', maxUnitPrice: -1 }, 400, /maxUnitPrice/],
    ['an unknown decision', 'POST', '/purchase-orders/{po}/decision', { decision: 'maybe' }, 400, /decision must be/],
    ['a rejection without a reason', 'POST', '/purchase-orders/{po}/decision', { decision: 'reject' }, 400, /reason/],
    ['an unexpected field', 'POST', '/purchase-orders/{po}/decision', { decision: 'reject', reason: 'no', approvedBy: 'ceo' }, 400, /approvedBy|unrecognized/i],
    // Amounts past any purchase became Infinity in a total, which JSON writes as null: GET /approvals then answered 500 to every manager.
    ['a price ceiling past any purchase', 'POST', '/purchase-orders/{po}/decision', { decision: 'approve', maxUnitPrice: 1e308 }, 400, /^maxUnitPrice: at most 100,000,000,000$/],
    ['a bulk price ceiling past any purchase', 'POST', '/approvals/decisions', { decisions: [{ poNumber: '{po}', decision: 'approve', maxUnitPrice: 1e308 }] }, 400, /^decisions\.0\.maxUnitPrice: at most 100,000,000,000$/],
    ['a supplier price past any purchase', 'POST', '/purchase-orders/{po}/supplier-replies', { messageId: 'm-huge', text: 'New price', fields: { kind: 'price_change', unitPrice: 1e308 } }, 400, /^fields\.unitPrice: at most 100,000,000,000$/],
    ['an edited quantity past any count', 'POST', '/purchase-orders/{po}/decision', { decision: 'approve', quantity: 1e20 }, 400, /^quantity: quantity is at most 9007199254740991 units$/],
    // A "partial" of no units was taken as the order confirmed: the agent waited for goods the supplier said would not come.
    ['a supplier partial of no units', 'POST', '/purchase-orders/{po}/supplier-replies', { messageId: 'm-none', text: 'Backorder.', fields: { kind: 'partial', quantity: 0 } }, 400, /^fields\.quantity: a partial ships at least 1 unit; nothing shipping is kind refused, or delayed with its date$/],
    ['a receipt of part of a unit', 'POST', '/purchase-orders/{po}/receipts', { receiptId: 'r-half', quantity: 2.5 }, 400, /^quantity: quantity is a whole number of units$/],
    // The signature says who speaks: a body naming someone else is a confused sender, not a reply to read as the signer's.
    ['a supplier reply naming another supplier than its signer', 'POST', '/purchase-orders/{po}/supplier-replies', { messageId: 'm-other', supplier: 'quickparts', text: 'We confirm.' }, 400, /^supplier: this reply is signed by acme-industrial \(X-Supplier\), not quickparts$/],
    ['a receipt of zero units', 'POST', '/purchase-orders/{po}/receipts', { receiptId: 'r', quantity: 0 }, 400, /quantity/],
    ['a supplier reply without a message id', 'POST', '/purchase-orders/{po}/supplier-replies', { text: 'hi' }, 400, /^messageId: missing; it is required$/],
    ['an approval link without its token', 'GET', '/approval-link', undefined, 400, /^query: token: missing; it is required$/],
    ['a decision for a SKU without an agent', 'POST', '/purchase-orders/PO-NOBODY-1/decision', { decision: 'reject', reason: 'x' }, 404, /no agent is running for NOBODY/],
    ['a decision on a PO the agent is not working on', 'POST', '/purchase-orders/{sku-po-9}/decision', { decision: 'reject', reason: 'x' }, 409, /is not the one/],
    ['a supplier reply with an empty text', 'POST', '/purchase-orders/{po}/supplier-replies', { messageId: 'm-empty', text: '' }, 400, /^text: a supplier reply must say something; this text is empty or only whitespace$/],
    ['a supplier reply of whitespace only', 'POST', '/purchase-orders/{po}/supplier-replies', { messageId: 'm-blank', text: ' \n\t\u00a0\u200b ' }, 400, /^text: a supplier reply must say something; this text is empty or only whitespace$/],
    ['an unknown SKU page', 'GET', '/skus/NO-SUCH-SKU', undefined, 404, /unknown SKU/],
    ['a wake-up for a SKU without an agent', 'POST', '/skus/NO-AGENT/stock-changed', undefined, 404, /no agent/],
    ['an unknown route', 'GET', '/nowhere', undefined, 404, /no route GET \/nowhere/],
    ['JSON that is not JSON', 'POST', '/agents', '{"sku": ', 400, /JSON/i],
    ['valid JSON with a __proto__ key', 'POST', '/purchase-orders/{po}/decision', '{"decision":"reject","reason":"x","__proto__":{"admin":true}}', 400, /^body: JSON keys named __proto__ or constructor are not accepted$/],
    ['a body that is not an object', 'POST', '/agents', [], 400, /^body: Invalid input: expected object, received array$/],
    ['an unexpected field at the top of a body', 'POST', '/agents', { sku: 'X', extra: 1 }, 400, /^body: Unrecognized key: "extra"$/],
    ['an unexpected query parameter', 'GET', '/skus?x=1', undefined, 400, /^query: Unrecognized key: "x"$/],
    ['a bad query parameter', 'GET', '/skus?limit=0', undefined, 400, /^query: limit: limit is a whole number/],
    ['a path parameter longer than any id', 'GET', `/skus/${'X'.repeat(101)}`, undefined, 414, /^path: a parameter is longer than 100 characters$/],
    ['a malformed escape in the path', 'GET', '/purchase-orders/%E0%A4%A', undefined, 400, /^path: not a valid URL/],
  ];

  it.each(cases)('%s: %s %s %j is a %i with a message', async (_name, method, rawPath, body, status, message) => {
    const path = rawPath.replace('{po}', po).replace('{sku-po-9}', `PO-${sku}-9`);
    const sent = typeof body === 'object' && body !== null ? JSON.parse(JSON.stringify(body).replaceAll('{po}', po)) as unknown : body;
    const before = await historyLength();
    // With the caller's credentials: what is refused here is the request itself.
    const res = await stack.authed(method, path, sent);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    // One shape for every refusal, whoever refuses: the route, the agent, or fastify itself.
    expect(res.body).toEqual({ error: expect.stringMatching(message) });
    // Refused requests leave the agent's history as it was.
    expect(await historyLength()).toBe(before);
  });

  it('a supplier reply that is not JSON is a 415 before its signature is checked', async () => {
    const reply = JSON.stringify({ messageId: 'm-plain', text: 'Confirmed.' });
    const before = await historyLength();
    const signatures: Record<string, string>[] = [{}, { 'x-signature': `sha256=${'0'.repeat(64)}` }];
    for (const signature of signatures) {
      const res = await stack.authed('POST', `/purchase-orders/${po}/supplier-replies`, reply, { headers: { 'content-type': 'text/plain', ...signature } });
      expect(res.status, JSON.stringify(res.body)).toBe(415);
      expect(res.body).toEqual({ error: 'this API takes JSON bodies only (Content-Type: application/json), not text/plain' });
    }
    expect(await historyLength()).toBe(before);
  });

  it('a 415 names the types its route takes: a confirmation form takes a form or JSON', async () => {
    const res = await stack.api('POST', '/approval-link', 'token=x', { 'content-type': 'text/plain' });
    expect(res.status, JSON.stringify(res.body)).toBe(415);
    expect(res.body).toEqual({ error: 'this route takes application/json or application/x-www-form-urlencoded bodies only (Content-Type: application/json or application/x-www-form-urlencoded), not text/plain' });
  });

  it('a supplier reply or goods before any order are held, not refused: the run reads them once the order is placed', async () => {
    const reply = await story(stack, sku).reply(po, 'early', 'confirmed');
    const goods = await stack.authed('POST', `/purchase-orders/${po}/receipts`, { receiptId: 'early-r', quantity: 5 });
    expect([reply.status, reply.body.status, goods.status, goods.body.status]).toEqual([202, 'held', 202, 'held']);
    const notes = (await story(stack, sku).view()).replenishment.notes.join('\n');
    expect(notes).toMatch(/supplier-reply reply:acme-industrial:early held: .*has not been placed/);
    expect(notes).toMatch(/goods-receipt receipt:early-r held: .*has not been placed/);
  });

  it('a second decision on the same PO is a 409 and changes nothing', async () => {
    const first = await stack.authed('POST', `/purchase-orders/${po}/decision`, { decision: 'reject', reason: 'not now' });
    expect(first.status).toBe(202);
    const second = await stack.authed('POST', `/purchase-orders/${po}/decision`, { decision: 'approve', maxUnitPrice: 100 });
    expect(second.status).toBe(409);
    // Which words depend on how far the run got: still judging messages, ended, or settled and recorded.
    expect(second.body.error).toMatch(/not waiting for approval|already|is settled \(rejected/);
    const result = await story(stack, sku).outcome();
    expect(result.outcome).toBe('rejected');
  });
});
