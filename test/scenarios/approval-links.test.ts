import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signLink } from '../../src/api/approval-links.js';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';
import { story } from './story.js';

/**
 * A manager decides from the links an approval request carries (the email's, or ones made for them
 * from the inbox): opening a link shows the terms and decides nothing, the page's POST decides once,
 * and a link whose PO moved on, that expired, was used or was altered decides nothing.
 */

const linkSecret = randomBytes(32).toString('hex');

describe('approving from a link', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({
      temporal: 'dev', cleanup: afterThisFile,
      security: { approvalLinks: { secret: linkSecret, ttlSeconds: 3600, baseUrl: 'https://purchasing.example.com' } },
    });
  });

  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
  /** What a browser (or a mail scanner) gets from opening the link. */
  const open = async (token: string) => {
    const res = await fetch(`${stack.apiUrl}/approval-link?token=${encodeURIComponent(token)}`, { headers: { accept: 'text/html' } });
    return { status: res.status, type: res.headers.get('content-type'), html: await res.text() };
  };
  /** The confirmation page's form, posted as a browser posts it. */
  const confirm = async (token: string, fields: Record<string, string> = {}) => {
    const res = await fetch(`${stack.apiUrl}/approval-link`, {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token, ...fields }).toString(),
    });
    return { status: res.status, html: await res.text() };
  };
  /** The links the approval request's notification carried to the manager. */
  const mailedLinks = async (sku: string) => {
    const mails = await eventually(
      async () => (await stack.sandbox.http('GET', '/notifications')).body.items as { sku?: string; subject: string; body: string }[],
      (ns) => ns.some((n) => n.sku === sku && n.subject.startsWith('Approve')), 30_000, `the approval request of ${sku}`,
    );
    const body = mails.find((n) => n.sku === sku && n.subject.startsWith('Approve'))!.body;
    return { approve: /Approve up to .*?: (\S+)/.exec(body)![1]!, reject: /Reject: (\S+)/.exec(body)![1]! };
  };
  const stillWaiting = async (po: string) => ((await stack.api('GET', '/approvals')).body.items as { poNumber: string }[]).some((i) => i.poNumber === po);

  it('the manager approves from the email\'s link: the page shows the terms, its POST approves once, the record says email-link', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const links = await mailedLinks(sku);
    expect(links.approve.startsWith('https://purchasing.example.com/approval-link?token=')).toBe(true);

    const page = await open(tokenOf(links.approve));
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.html).toContain(`Approve ${request.poNumber}?`);
    expect(page.html).toContain(request.supplier);
    expect(page.html).toContain(`<td>${request.quantity}</td>`);
    expect(page.html).toContain('<form method="post" action="/approval-link">');

    const approved = await confirm(tokenOf(links.approve), { note: 'from my phone' });
    expect(approved.status, approved.html).toBe(202);
    expect(approved.html).toContain(`Approved: ${request.poNumber}`);
    await s.phase('ordered');
    const decision = (await s.view()).replenishment.decision;
    expect(decision).toMatchObject({ kind: 'approved', by: stack.rules.manager, channel: 'email-link', maxUnitPrice: request.unitPrice, note: 'from my phone' });

    // Used: the same link, and its reject twin, answer 410 and decide nothing more.
    const again = await confirm(tokenOf(links.approve));
    expect(again.status).toBe(410);
    expect(again.html).toContain('already used');
    expect((await confirm(tokenOf(links.reject))).status).toBe(410);
    expect((await open(tokenOf(links.approve))).status).toBe(410);
    expect((await s.view()).replenishment.decision.kind).toBe('approved');
  });

  it('a scanner opening both links decides nothing; the reject link\'s POST then still rejects, with the channel recorded', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const links = await mailedLinks(sku);

    // What Safe Links and its kind do: GET every link in the mail, HEAD too.
    for (const url of [links.approve, links.reject]) {
      expect((await open(tokenOf(url))).status).toBe(200);
      expect((await fetch(`${stack.apiUrl}/approval-link?token=${tokenOf(url)}`, { method: 'HEAD' })).status).toBe(200);
    }
    // Nothing was decided: the PO still waits in the inbox, the run still waits for the manager.
    expect(await stillWaiting(request.poNumber)).toBe(true);
    expect((await s.view()).replenishment).toMatchObject({ phase: 'awaiting approval', decision: null, waiting: { tool: 'wait_for_approval' } });

    const rejected = await confirm(tokenOf(links.reject), { reason: 'we have enough in the other warehouse' });
    expect(rejected.status, rejected.html).toBe(202);
    const outcome = await s.outcome();
    expect(outcome.outcome).toBe('rejected');
    expect(outcome.reason).toContain('we have enough in the other warehouse');
    const record = await eventually(() => stack.api('GET', `/purchase-orders/${request.poNumber}/record`), (r) => r.status === 200, 30_000, 'the record');
    expect(record.body.approvals).toEqual([expect.objectContaining({ decision: 'rejected', by: stack.rules.manager, channel: 'email-link' })]);
    expect(await s.orders()).toHaveLength(0);
  });

  it('links made for a manager from the inbox die once the PO moves on; the decision that moved it records its channel', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const made = await stack.authed('GET', `/purchase-orders/${request.poNumber}/approval-links`, undefined, { headers: { authorization: `Bearer ${stack.managerToken}` } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ poNumber: request.poNumber, manager: 'dana', unitPrice: request.unitPrice, quantity: request.quantity });
    // Without a manager's token nobody gets links.
    expect((await stack.api('GET', `/purchase-orders/${request.poNumber}/approval-links`)).status).toBe(401);

    const decided = await s.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice }, { 'x-replenisher-client': 'cli' });
    expect(decided.status).toBe(202);
    await eventually(() => stillWaiting(request.poNumber), (w) => !w, 30_000, 'the PO to leave the inbox');

    const opened = await open(made.body.approveToken);
    expect(opened.status).toBe(410);
    expect(opened.html).toContain('no longer waiting');
    const posted = await stack.api('POST', '/approval-link', { token: made.body.rejectToken });
    expect(posted.status).toBe(410);
    expect(posted.body.error).toMatch(/no longer waiting/);
    expect((await s.view()).replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana', channel: 'cli' });
    // Once decided, the PO has nothing to make links for.
    expect((await stack.authed('GET', `/purchase-orders/${request.poNumber}/approval-links`, undefined, { headers: { authorization: `Bearer ${stack.managerToken}` } })).status).toBe(409);
  });

  it('an expired link, an altered one and one signed elsewhere decide nothing; a good link still does after them', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    const request = await s.parkAtApproval();
    const terms = { poNumber: request.poNumber, supplier: request.supplier, quantity: request.quantity, unitPrice: request.unitPrice };
    const claims = { ...terms, action: 'approve' as const, manager: 'dana', nonce: randomBytes(16).toString('base64url') };
    const expired = signLink(linkSecret, { ...claims, expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const good = signLink(linkSecret, { ...claims, expiresAt: Math.floor(Date.now() / 1000) + 600 });
    // A higher price, the signature kept: the payload no longer matches it.
    const [payload, signature] = good.split('.') as [string, string];
    const raised = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...raised, p: raised.p * 10 })).toString('base64url')}.${signature}`;
    const foreign = signLink(randomBytes(32).toString('hex'), { ...claims, expiresAt: Math.floor(Date.now() / 1000) + 600 });

    for (const [token, status, words] of [
      [expired, 410, 'expired'], [altered, 403, 'signature is not valid'], [foreign, 403, 'signature is not valid'],
      [`${payload}.${'A'.repeat(43)}`, 403, 'signature'], ['not-a-token', 400, 'not an approval link'],
    ] as const) {
      const page = await open(token);
      expect(page.status, token).toBe(status);
      expect(page.html).toContain(words);
      const posted = await stack.api('POST', '/approval-link', { token });
      expect(posted.status, token).toBe(status);
      expect(posted.body.error).toContain(words);
    }
    expect(await stillWaiting(request.poNumber)).toBe(true);
    expect((await s.view()).replenishment.decision).toBeNull();

    const approved = await stack.api('POST', '/approval-link', { token: good });
    expect(approved.status, JSON.stringify(approved.body)).toBe(202);
    expect(approved.body).toMatchObject({ poNumber: request.poNumber, status: 'delivered', by: 'dana', channel: 'email-link' });
    await s.phase('ordered');
    const orders = await s.orders();
    expect(orders).toHaveLength(1);
    expect(orders[0]!.unitPrice).toBeLessThanOrEqual(request.unitPrice);
  });
});

// A link whose approval the run could only refuse (above its manager's limit, or a manager who has
// already approved) was spent by the refusal: the manager's reject link then answered 410 "already
// used", though nothing had been decided.
describe('a link whose approval its manager may not give', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      temporal: 'dev', cleanup: afterThisFile,
      security: { approvalLinks: { secret: linkSecret, ttlSeconds: 3600, baseUrl: 'https://purchasing.example.com' }, managerLimits: { dana: 100 } },
    });
  });

  it('is refused without spending the pair: the page says why, and the reject link still rejects', async () => {
    const s = story(stack, stack.newSku());
    const request = await s.parkAtApproval();
    expect(request.total).toBeGreaterThan(100);
    const made = await stack.authed('GET', `/purchase-orders/${request.poNumber}/approval-links`, undefined, { headers: { authorization: `Bearer ${stack.managerToken}` } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const why = `dana may approve purchase orders up to 100.00; ${request.poNumber} totals ${request.total.toFixed(2)}: a manager with a higher approval limit must approve it`;

    const opened = await fetch(`${stack.apiUrl}/approval-link?token=${encodeURIComponent(made.body.approveToken)}`);
    expect(opened.status).toBe(403);
    expect(await opened.text()).toContain('dana may approve purchase orders up to 100.00');
    const approved = await stack.api('POST', '/approval-link', { token: made.body.approveToken });
    expect([approved.status, approved.body.error]).toEqual([403, why]);
    const rejected = await stack.api('POST', '/approval-link', { token: made.body.rejectToken, reason: 'above my limit, and not needed' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(202);
    expect((await s.outcome()).outcome).toBe('rejected');
  });
});

// A JWT manager's approval_limit was not carried into the links they made: the link decided as them
// with no limit at all (only MANAGER_LIMITS was looked at), so a 50.00 limit approved a 459.00 PO.
describe('links made by a manager whose limit is a claim of their token', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      temporal: 'dev', cleanup: afterThisFile,
      security: { approvalLinks: { secret: linkSecret, ttlSeconds: 3600, baseUrl: 'https://purchasing.example.com' } },
    });
  });

  it('carry that limit: the approve link is refused above it, the reject link still rejects', async () => {
    const s = story(stack, stack.newSku());
    const request = await s.parkAtApproval();
    const kim = await stack.tokenFor('kim', { claims: { approval_limit: 50 } });
    const made = await stack.api('GET', `/purchase-orders/${request.poNumber}/approval-links`, undefined, { authorization: `Bearer ${kim}` });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.manager).toBe('kim');

    const approved = await stack.api('POST', '/approval-link', { token: made.body.approveToken });
    expect(approved.status, JSON.stringify(approved.body)).toBe(403);
    expect(approved.body.error).toBe(`kim may approve purchase orders up to 50.00; ${request.poNumber} totals ${request.total.toFixed(2)}: a manager with a higher approval limit must approve it`);
    expect((await s.view()).replenishment.decision).toBeNull();
    expect((await stack.api('POST', '/approval-link', { token: made.body.rejectToken })).status).toBe(202);
    expect((await s.outcome()).outcome).toBe('rejected');
  });
});
