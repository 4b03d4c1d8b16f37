import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BulkDecisionBody, DecisionBody, ReceiptBody, SupplierReplyBody } from '../../src/api/schemas.js';
import { WAREHOUSE } from '../../src/api/signatures.js';
import { agentStatusQuery, replenishStateQuery } from '../../src/workflows/messages.js';
import { story } from '../scenarios/story.js';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';

/**
 * Generated requests against a live stack whose agent waits for the manager: whatever arrives,
 * the API answers below 500, keeps answering, and a refused request changes nothing the agent or
 * its replenishment holds, nor the world. (A message the run itself refuses is written to both
 * histories, docs/architecture.md, so history lengths are not the measure.)
 */

interface Probe {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: string;
  headers: Record<string, string>;
}

type Auth = 'none' | 'manager' | 'bad-bearer' | 'basic' | 'foreign-jwt' | 'expired-jwt' | 'supplier' | 'other-supplier'
  | 'warehouse' | 'bad-signature' | 'stale-signature' | 'unknown-sender' | 'mail-secret';

const AUTHS: Auth[] = ['none', 'manager', 'bad-bearer', 'basic', 'foreign-jwt', 'expired-jwt', 'supplier', 'other-supplier',
  'warehouse', 'bad-signature', 'stale-signature', 'unknown-sender', 'mail-secret'];

/** The inbound-mail webhook's secret in the fuzzed stack; no verdict on any sender comes with it, so no mail is ever taken. */
const MAIL_SECRET = 'fuzz-inbound-mail-secret-0123456789';

/** Prototype-pollution keys, written into the JSON text itself (JSON.stringify would drop `__proto__`). */
const POISON = [
  '{"__proto__":{"polluted":true},"decision":"approve","maxUnitPrice":1}',
  '{"constructor":{"prototype":{"polluted":true}},"sku":"X"}',
  '{"a":{"__proto__":{"isAdmin":true}},"receiptId":"r","quantity":1}',
  '{"messageId":"m","text":"t","fields":{"constructor":{"prototype":{"x":1}}}}',
];

const unicode = fc.string({ unit: 'grapheme', maxLength: 40 });
const weird = fc.oneof(
  unicode,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('', ' ', '..', '%', '%E0%A4%A', '%00', 'a/b', '?x=1', '#', '\u202e', '💥', 'ℌ𝔢𝔩𝔩𝔬', 'x'.repeat(300)),
);
const notPositiveNumber = fc.oneof(fc.constantFrom(0, -1, -0.01, null, true, '5', [], {}), fc.string({ maxLength: 10 }), fc.integer({ max: 0 }));

/** Bodies shaped like the real ones, each with something wrong: a type, a missing field, an extra key. */
const nearValid = fc.oneof(
  fc.record({ decision: fc.constant('approve'), maxUnitPrice: notPositiveNumber }),
  fc.record({ decision: fc.constant('approve') }),
  fc.record({ decision: fc.constant('reject'), reason: fc.oneof(fc.constant(''), fc.integer(), fc.constant(null), fc.string({ minLength: 501, maxLength: 600 })) }),
  fc.record({ decision: fc.oneof(unicode, fc.integer(), fc.constant(null)), maxUnitPrice: fc.double() }),
  fc.record({ decision: fc.constant('approve'), maxUnitPrice: fc.double({ min: 0.01, max: 100, noNaN: true }), extra: fc.anything() }),
  fc.record({ sku: fc.oneof(weird, fc.integer(), fc.constant(null)) }),
  fc.record({ messageId: fc.oneof(fc.constant(''), fc.integer(), fc.constant(null)), text: fc.oneof(unicode, fc.integer()) }),
  fc.record({ messageId: unicode, text: fc.integer() }),
  fc.record({ receiptId: fc.oneof(fc.constant(''), fc.integer()), quantity: fc.oneof(notPositiveNumber, fc.double({ noInteger: true })) }),
  fc.record({ receiptId: unicode, quantity: fc.oneof(notPositiveNumber, fc.constant(1.5)) }),
  fc.record({
    decisions: fc.oneof(fc.constant([]), fc.constant('all'), fc.array(fc.record({
      poNumber: fc.oneof(weird, fc.constant('PO-X-1')), decision: fc.constantFrom('approve', 'reject', 'maybe'), maxUnitPrice: notPositiveNumber,
    }), { maxLength: 3 })),
  }),
);

/** Well-formed messages: refused all the same while the agent waits for the manager (409), or addressed wrongly. */
const wellFormed = fc.oneof(
  fc.record({ decision: fc.constant('approve'), maxUnitPrice: fc.double({ min: 0.01, max: 1000, noNaN: true }) }),
  fc.record({ decision: fc.constant('reject'), reason: fc.string({ minLength: 1, maxLength: 50 }) }),
  fc.record({ messageId: fc.uuid(), text: unicode, fields: fc.option(fc.record({ kind: fc.constantFrom('confirmed', 'refused') }), { nil: undefined }) }),
  fc.record({ receiptId: fc.uuid(), quantity: fc.integer({ min: 1, max: 1000 }) }),
);

const bodyText = fc.oneof(
  { weight: 3, arbitrary: wellFormed.map((b) => JSON.stringify(b)) },
  { weight: 4, arbitrary: nearValid.map((b) => JSON.stringify(b)) },
  { weight: 3, arbitrary: fc.jsonValue().map((b) => JSON.stringify(b)) },
  { weight: 2, arbitrary: fc.constantFrom(...POISON) },
  { weight: 2, arbitrary: fc.oneof(unicode, fc.constantFrom('{', '{"a":', 'null', '[]', '"x"', '1e999', '{"a":1}{"b":2}')) },
  // Past the 1 MiB limit of every route but supplier replies (6 MiB).
  { weight: 1, arbitrary: fc.constantFrom(1.5, 7).map((mib) => JSON.stringify({ messageId: 'big', text: 'x'.repeat(mib * 1024 * 1024) })) },
);

/** Messages for the inbound-mail webhook: near-mails, absurd headers, forged verdicts, senders of every kind. */
const header = fc.tuple(fc.oneof(fc.constantFrom('From', 'Subject', 'In-Reply-To', 'References', 'Message-ID', 'Authentication-Results', 'Content-Type'), unicode), weird);
const mailText = fc.oneof(
  fc.tuple(fc.array(header, { maxLength: 8 }), unicode).map(([hs, body]) => `${hs.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`),
  fc.tuple(fc.constantFrom('orders@acme-industrial.example', 'sales@quickparts.example', 'nobody@evil.example', 'a@b', '<>', ''), unicode, weird).map(([from, body, subject]) =>
    `From: ${from}\r\nSubject: Re: ${subject}\r\nAuthentication-Results: mx.forged.example; spf=pass smtp.mailfrom=${from}; dkim=pass header.d=quickparts.example\r\n\r\n${body}`),
  fc.constantFrom(
    `From: sales@quickparts.example\r\n${'X-Junk: 1\r\n'.repeat(2_500)}\r\nbody`,
    `From: sales@quickparts.example\r\nSubject: ${'PO-X-1 '.repeat(20_000)}\r\n\r\nbody`,
    'From: sales@quickparts.example\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n--x\r\nContent-Type: text/plain; charset=x-unknown\r\n\r\n\xff\xfe\r\n--x',
    'From: =?UTF-8?B?////?= <sales@quickparts.example>\r\nSubject: =?ISO-8859-1?Q?=FF=?=\r\n\r\n',
  ),
);

describe('bad input at every route', () => {
  let stack: Stack;
  let sku: string;
  let po: string;
  let supplier: string;

  beforeAll(async () => {
    const directory = { 'acme-industrial': { addresses: ['orders@acme-industrial.example'], domains: [] }, quickparts: { addresses: [], domains: ['quickparts.example'] } };
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile, mail: { inbound: { secret: MAIL_SECRET, directory, maxBytes: 1024 * 1024 } } });
    sku = stack.newSku();
    const s = story(stack, sku);
    po = (await s.parkAtApproval()).poNumber;
    supplier = (await s.view()).replenishment.po.supplier;
  });

  /** Everything a refused request must leave alone. */
  async function snapshot() {
    const [agent, run, orders, notifications] = await Promise.all([
      stack.agent(sku).query(agentStatusQuery), stack.client.workflow.getHandle(`replenish-${sku}-1`).query(replenishStateQuery),
      stack.sandbox.orders(), stack.sandbox.http('GET', '/notifications').then((r) => r.body.items.length as number),
    ]);
    return {
      agent: { status: agent.status, active: agent.active, replenishments: agent.replenishments, memory: agent.memory },
      run: { state: run.state, inbox: run.inbox, waiting: run.waiting, gate: run.gate },
      orders: orders.length, notifications,
    };
  }

  async function credentials(auth: Auth, raw: string): Promise<Record<string, string>> {
    switch (auth) {
      case 'none': return {};
      case 'manager': return { authorization: `Bearer ${stack.managerToken}` };
      case 'bad-bearer': return { authorization: 'Bearer not-a-token-of-this-service' };
      case 'basic': return { authorization: `Basic ${Buffer.from('dana:pw').toString('base64')}` };
      case 'foreign-jwt': return { authorization: `Bearer ${await stack.tokenFor('mallory', { secret: 'x'.repeat(40) })}` };
      case 'expired-jwt': return { authorization: `Bearer ${await stack.tokenFor('dana', { exp: Math.floor(Date.now() / 1000) - 60 })}` };
      case 'supplier': return stack.sign(supplier, raw);
      case 'other-supplier': return stack.sign(supplier === 'quickparts' ? 'acme-industrial' : 'quickparts', raw);
      case 'warehouse': return stack.sign(WAREHOUSE, raw);
      case 'bad-signature': return { ...stack.sign(supplier, raw), 'x-signature': `sha256=${'0'.repeat(64)}` };
      case 'stale-signature': return stack.sign(supplier, raw, Date.now() - 3_600_000);
      case 'unknown-sender': return stack.sign('nobody-we-know', raw);
      case 'mail-secret': return { authorization: `Bearer ${MAIL_SECRET}` };
    }
  }

  /** Ids of the running agent (with bad credentials or bodies only) or of nothing at all. */
  const ids = () => ({
    sku: fc.oneof({ weight: 2, arbitrary: fc.constant(sku) }, fc.constant(`NOPE-${sku}`), weird),
    po: fc.oneof({ weight: 3, arbitrary: fc.constant(po) }, fc.constant(`${po}-R9`), fc.constant(`PO-NOPE-${sku}-1`), weird),
    workflow: fc.oneof(fc.constant(`replenish-${sku}-1`), fc.constant(`replenish-${sku}-99`), weird),
  });

  const requests = () => {
    const { sku: skuId, po: poId, workflow } = ids();
    const seg = (a: fc.Arbitrary<string>) => a.map((s) => (s === sku || s === po || s.startsWith('replenish-') ? s : encodeURIComponent(s)));
    const post = (path: fc.Arbitrary<string>) => fc.record({ method: fc.constant('POST' as const), path, body: fc.option(bodyText, { nil: undefined }) });
    const get = (path: fc.Arbitrary<string>) => fc.record({ method: fc.constantFrom('GET' as const, 'PUT' as const, 'DELETE' as const), path });
    return fc.record({
      route: fc.oneof(
        post(fc.constant('/agents')),
        post(fc.tuple(seg(skuId), fc.constantFrom('pause', 'resume', 'stop')).map(([s, w]) => `/agents/${s}/${w}`)),
        post(seg(skuId).map((s) => `/skus/${s}/stock-changed`)),
        post(seg(poId).map((p) => `/purchase-orders/${p}/decision`)),
        post(seg(poId).map((p) => `/purchase-orders/${p}/supplier-replies`)),
        post(seg(poId).map((p) => `/purchase-orders/${p}/receipts`)),
        get(fc.constantFrom('/skus', '/approvals', '/health', '/ready', '/metrics', '/openapi.json', '/ui/config.json', '/')),
        get(seg(skuId).map((s) => `/skus/${s}`)),
        get(seg(poId).map((p) => `/purchase-orders/${p}`)),
        get(seg(poId).map((p) => `/purchase-orders/${p}/record`)),
        post(fc.constant('/approvals/decisions')),
        fc.record({
          method: fc.constant('POST' as const), path: fc.constant('/inbound-mail'), body: fc.option(fc.oneof({ weight: 3, arbitrary: mailText }, { weight: 1, arbitrary: bodyText }), { nil: undefined }),
          // Mostly as a provider sends mail, so that most requests reach the reading of the message.
          type: fc.constantFrom('message/rfc822', 'message/rfc822', 'message/rfc822', 'text/plain'),
        }),
        get(fc.constantFrom('/inbound-mail', '/inbound-mail/log', '/inbound-mail/log?status=held', '/inbound-mail/log?status=nope', '/inbound-mail/log?limit=0')),
        get(fc.tuple(
          fc.constantFrom('/purchase-orders', '/purchase-orders.csv', '/purchase-orders/spend'),
          fc.constantFrom('sku', 'supplier', 'outcome', 'from', 'to', 'limit', 'after', 'format', 'nope'), weird,
        ).map(([path, key, value]) => `${path}?${key}=${encodeURIComponent(value)}`)),
        get(fc.tuple(seg(workflow), fc.constantFrom('timeline', 'timeline.svg'), fc.option(weird, { nil: undefined }))
          .map(([w, kind, run]) => `/replenishments/${w}/${kind}${run === undefined ? '' : `?runId=${encodeURIComponent(run)}`}`)),
        get(seg(weird).map((s) => `/${s}`)),
      ),
      auth: fc.oneof(fc.constant('right' as const), fc.constantFrom(...AUTHS)),
      contentType: fc.constantFrom('application/json', 'application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'message/rfc822'),
    });
  };

  /**
   * The one kind of request that would rightly change state: a valid credential for the running
   * agent with a body or path that could be accepted. Pause, resume, stop and stock-changed have
   * no body, so with a valid credential they are sent for unknown SKUs only.
   */
  function mightBeAccepted(method: string, path: string, auth: Auth, body: string | undefined): boolean {
    if (method !== 'POST' || !['manager', 'warehouse', 'supplier'].includes(auth)) return false;
    if ([`/agents/${sku}/pause`, `/agents/${sku}/resume`, `/agents/${sku}/stop`, `/skus/${sku}/stock-changed`].includes(path)) return true;
    let parsed: unknown;
    try { parsed = JSON.parse(body ?? ''); } catch { return false; }
    if (path === '/approvals/decisions') return auth === 'manager' && BulkDecisionBody.safeParse(parsed).success;
    // A reply or receipt before the order is held for it (202 held).
    if (path === `/purchase-orders/${po}/supplier-replies`) return auth === 'supplier' && SupplierReplyBody.safeParse(parsed).success;
    if (path === `/purchase-orders/${po}/receipts`) return auth === 'warehouse' && ReceiptBody.safeParse(parsed).success;
    return path === `/purchase-orders/${po}/decision` && auth === 'manager' && DecisionBody.safeParse(parsed).success;
  }

  /** The credential the route's real caller has. */
  const rightFor = (path: string): Auth => path.endsWith('/supplier-replies') ? 'supplier' : path.endsWith('/receipts') ? 'warehouse' : path === '/inbound-mail' ? 'mail-secret' : 'manager';

  async function send(p: Probe) {
    const res = await fetch(stack.apiUrl + p.path, { method: p.method, headers: p.headers, body: p.body, signal: AbortSignal.timeout(20_000) });
    return { status: res.status, text: await res.text() };
  }

  it('never answers 5xx, keeps answering, and a refused request changes nothing', async () => {
    const before = await snapshot();
    let refused = 0;
    const seen: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(requests(), async ({ route, auth: chosen, contentType }) => {
        const body = 'body' in route ? route.body : undefined;
        const auth = chosen === 'right' ? rightFor(route.path) : chosen;
        fc.pre(!mightBeAccepted(route.method, route.path, auth, body));
        const type = 'type' in route ? route.type : contentType;
        const headers = { ...(body === undefined ? {} : { 'content-type': type }), ...(await credentials(auth, body ?? '')) };
        const { status, text } = await send({ method: route.method, path: route.path, body, headers });
        expect(status, `${route.method} ${route.path} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
        seen[status] = (seen[status] ?? 0) + 1;
        if (route.method === 'POST') {
          expect(status, `${route.method} ${route.path} was accepted: ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
          refused += 1;
          expect(await snapshot(), `${route.method} ${route.path} → ${status} changed state`).toEqual(before);
        }
      }),
      { numRuns: 400, interruptAfterTimeLimit: 35_000, markInterruptAsFailure: false, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
    );
    // The runs reached past authentication into validation and the agent's own refusal.
    expect(refused).toBeGreaterThan(20);
    for (const status of [400, 401, 404]) expect(seen[status] ?? 0, `answers ${JSON.stringify(seen)}`).toBeGreaterThan(0);
    // Well-formed and properly signed, but for a revision that does not exist: refused by the run itself.
    const early = await stack.authed('POST', `/purchase-orders/${po}-R3/receipts`, { receiptId: 'early', quantity: 1 });
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.error).toMatch(/is not the one this agent is working on/);
    // Every refused request left the agent, its replenishment and the world as they were.
    expect(await snapshot()).toEqual(before);
    expect((await stack.api('GET', '/health')).status).toBeLessThan(500);
    const s = story(stack, sku);
    expect((await s.view()).replenishment.phase).toBe('awaiting approval');
    // And the agent still takes a real decision afterwards.
    const res = await s.decide(po, { decision: 'reject', reason: 'fuzzing done' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  }, 90_000);
});
