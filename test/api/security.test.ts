import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../src/api/app.js';
import type { Security } from '../../src/api/security.js';
import { signedHeaders } from '../../src/api/signatures.js';
import { Rules } from '../../src/domain/rules.js';
import type { World } from '../../src/domain/world.js';
import { replenishStateQuery } from '../../src/workflows/messages.js';
import { openRecords, type PurchaseRecords } from '../../src/records/store.js';
import { tempFile } from '../support/sandbox.js';
import { story } from '../scenarios/story.js';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';

const MINUTE = 60_000;
const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('security at the edge, on a running agent', () => {
  let stack: Stack;
  const sharedStack = () => beforeAll(async () => {
    stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
  });
  const historyLength = async (workflowId: string) => (await stack.client.workflow.getHandle(workflowId).describe()).historyLength;
  sharedStack();

  describe('a manager proves who they are', () => {
    let sku: string;
    let po: string;
    const replenishment = () => `replenish-${sku}-1`;

    beforeAll(async () => {
      sku = stack.newSku();
      const s = story(stack, sku);
      await s.startAgent();
      po = (await s.approvalRequest()).poNumber;
      await s.waitingIn('wait_for_approval');
    });

    const refused: [string, () => Promise<Record<string, string>>, RegExp][] = [
      ['no token', async () => ({}), /needs a manager's token/],
      ['a token that is not a bearer token', async () => ({ authorization: 'Basic ZGFuYTpzZWNyZXQ=' }), /needs a manager's token/],
      ['a token nobody was given', async () => bearer(`tok-${randomUUID()}`), /not valid/],
      ['an expired JWT', async () => bearer(await stack.tokenFor('dana', { exp: Math.floor(Date.now() / 1000) - 3600 })), /expired/],
      ['a JWT without an expiry', async () => bearer(await stack.tokenFor('dana', { exp: null })), /no exp claim/],
      ['a JWT signed with HS512', async () => bearer(await stack.tokenFor('dana', { alg: 'HS512' })), /HS256/],
      ['an unsigned JWT (alg none)', async () => bearer(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'dana', iss: 'stock-replenisher-tests', exp: Math.floor(Date.now() / 1000) + 600 })}.`), /HS256|not valid/],
      ['a JWT from another issuer', async () => bearer(await stack.tokenFor('dana', { issuer: 'someone-else' })), /issuer/],
      ['a JWT signed with another secret', async () => bearer(await stack.tokenFor('dana', { secret: 'not the configured secret at all, no' })), /signature/],
    ];

    it.each(refused)('%s: a decision is a 401 with a Bearer challenge, and nothing changes', async (_name, credentials, message) => {
      const before = await historyLength(replenishment());
      const res = await fetch(`${stack.apiUrl}/purchase-orders/${po}/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(await credentials()) },
        body: JSON.stringify({ decision: 'approve', maxUnitPrice: 100, by: 'dana' }),
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      expect(await historyLength(replenishment())).toBe(before);
    });

    it.each([
      ['POST', '/agents', { sku: 'TAPE-50' }],
      ['POST', '/agents/{sku}/pause', undefined],
      ['POST', '/agents/{sku}/resume', undefined],
      ['POST', '/agents/{sku}/stop', undefined],
      ['POST', '/skus/{sku}/stock-changed', undefined],
    ])('%s %s without a token is a 401', async (method, path, body) => {
      const before = await historyLength(`agent-${sku}`);
      const res = await stack.api(method, path.replace('{sku}', sku), body);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatch(/token/);
      expect(await historyLength(`agent-${sku}`)).toBe(before);
    });

    it('reads stay open without a token', async () => {
      expect((await stack.api('GET', `/skus/${sku}`)).status).toBe(200);
      expect((await stack.api('GET', '/approvals')).status).toBe(200);
      expect((await stack.api('GET', '/health')).status).toBe(200);
    });

    it('the warehouse may wake an agent with a signed stock change', async () => {
      const res = await stack.api('POST', `/skus/${sku}/stock-changed`, undefined, stack.sign('warehouse'));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
    });

    it('the decision records the approver the token names, not the body\'s `by`', async () => {
      const token = await stack.tokenFor('lee');
      const res = await stack.api('POST', `/purchase-orders/${po}/decision`, { decision: 'reject', reason: 'not this quarter', by: 'mallory' }, bearer(token));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toMatchObject({ status: 'delivered', by: 'lee' });
      const result = await story(stack, sku).outcome();
      expect(result.reason).toBe('rejected by lee: not this quarter');
      const { state } = await stack.client.workflow.getHandle(replenishment()).query(replenishStateQuery);
      expect(state.decision).toMatchObject({ kind: 'rejected', by: 'lee' });
    });

    it('a static token records its configured name', async () => {
      const other = stack.newSku();
      const s = story(stack, other);
      await s.startAgent();
      const request = await s.approvalRequest();
      await s.waitingIn('wait_for_approval');
      const res = await stack.api('POST', `/purchase-orders/${request.poNumber}/decision`, { decision: 'approve', maxUnitPrice: request.unitPrice, by: 'ceo' }, bearer(stack.managerToken));
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      await s.phase('ordered');
      expect((await s.view()).replenishment.decision).toMatchObject({ kind: 'approved', by: 'dana' });
    });
  });

  describe('suppliers and the warehouse sign what they send', () => {
    let sku: string;
    let po: string;
    const replenishment = () => `replenish-${sku}-1`;
    const reply = { messageId: 'm-1', text: 'We confirm your order, delivery on schedule.', fields: { kind: 'confirmed' } };
    const replies = async () => (await stack.client.workflow.getHandle(replenishment()).query(replenishStateQuery)).state.replies;

    beforeAll(async () => {
      sku = stack.newSku();
      const s = story(stack, sku);
      await s.startAgent();
      const request = await s.approvalRequest();
      po = request.poNumber;
      expect((await s.decide(po, { decision: 'approve', maxUnitPrice: request.unitPrice })).status).toBe(202);
      await s.waitingIn('wait_for_supplier_reply');
    });

    const refused: [string, string, unknown, () => Record<string, string>, number, RegExp][] = [
      ['an unsigned reply', 'supplier-replies', reply, () => ({}), 401, /must be signed/],
      ['a reply signed with the wrong secret', 'supplier-replies', reply, () => signedHeaders('acme-industrial', 'a secret acme was never given', JSON.stringify(reply)), 401, /does not match/],
      ['a signature of another body', 'supplier-replies', reply, () => stack.sign('acme-industrial', { ...reply, text: 'We refuse.' }), 401, /does not match/],
      ['a timestamp 6 minutes old', 'supplier-replies', reply, () => stack.sign('acme-industrial', reply, Date.now() - 6 * MINUTE), 401, /5 minutes/],
      ['a timestamp 6 minutes ahead', 'supplier-replies', reply, () => stack.sign('acme-industrial', reply, Date.now() + 6 * MINUTE), 401, /5 minutes/],
      ['an unknown supplier', 'supplier-replies', reply, () => signedHeaders('nobody-inc', 'whatever-secret-they-like', JSON.stringify(reply)), 401, /unknown supplier nobody-inc/],
      ['the warehouse posing as a supplier', 'supplier-replies', reply, () => stack.sign('warehouse', reply), 401, /unknown supplier warehouse/],
      ['an unsigned receipt', 'receipts', { receiptId: 'r-1', quantity: 5 }, () => ({}), 401, /must be signed/],
      ['a receipt signed by a supplier', 'receipts', { receiptId: 'r-1', quantity: 5 }, () => stack.sign('acme-industrial', { receiptId: 'r-1', quantity: 5 }), 401, /only the warehouse/],
    ];

    it.each(refused)('%s (%s) is refused and changes nothing', async (_name, route, body, headers, status, message) => {
      const before = await historyLength(replenishment());
      const res = await stack.api('POST', `/purchase-orders/${po}/${route}`, body, headers());
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error).toMatch(message);
      expect(await historyLength(replenishment())).toBe(before);
    });

    it('a reply to a PO sent to another supplier is a 403, and the run it reached changes nothing', async () => {
      const run = () => stack.client.workflow.getHandle(replenishment()).query(replenishStateQuery);
      const before = await run();
      const res = await stack.api('POST', `/purchase-orders/${po}/supplier-replies`, { ...reply, messageId: 'not-ours' }, stack.sign('quickparts', { ...reply, messageId: 'not-ours' }));
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.error).toBe(`purchase order ${po} was not sent to quickparts`);
      // The run judged it (its note says so), and its state did not move.
      const after = await eventually(run, (v) => v.notes.some((n) => n.includes('reply:quickparts:not-ours refused')), 10_000, 'the refusal noted');
      expect(after.state).toEqual(before.state);
      expect(after.inbox).toEqual([]);
    });

    it('the same message twice is taken once: 202, then 200 as a duplicate', async () => {
      const first = await stack.api('POST', `/purchase-orders/${po}/supplier-replies`, reply, stack.sign('acme-industrial', reply));
      expect(first.status, JSON.stringify(first.body)).toBe(202);
      expect(first.body.status).toBe('delivered');
      const again = await stack.api('POST', `/purchase-orders/${po}/supplier-replies`, reply, stack.sign('acme-industrial', reply));
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.status).toBe('duplicate');
      await eventually(replies, (r) => r.length > 0, 30_000, 'the reply to be read');
      await story(stack, sku).phase('awaiting goods');
      expect(await replies()).toHaveLength(1);
    });

    it('a message id another supplier already used is no duplicate: the reply is refused as not addressed to its sender', async () => {
      const other = await stack.api('POST', `/purchase-orders/${po}/supplier-replies`, reply, stack.sign('quickparts', reply));
      expect(other.status, JSON.stringify(other.body)).toBe(403);
      expect(other.body.error).toBe(`purchase order ${po} was not sent to quickparts`);
    });

    it('before the order, a reply from the PO\'s supplier is held and one from another supplier is refused', async () => {
      const s = story(stack, stack.newSku());
      await s.startAgent();
      const request = await s.approvalRequest();
      const addressee = (await s.view()).replenishment.po.supplier as string;
      const stranger = addressee === 'quickparts' ? 'acme-industrial' : 'quickparts';
      const early = { messageId: 'early-1', text: 'We can ship as soon as you order.' };
      const wrong = await stack.api('POST', `/purchase-orders/${request.poNumber}/supplier-replies`, early, stack.sign(stranger, early));
      expect(wrong.status, JSON.stringify(wrong.body)).toBe(403);
      expect(wrong.body.error).toBe(`purchase order ${request.poNumber} was not sent to ${stranger}`);
      const right = await stack.api('POST', `/purchase-orders/${request.poNumber}/supplier-replies`, early, stack.sign(addressee, early));
      expect(right.status, JSON.stringify(right.body)).toBe(202);
      expect(right.body.status).toBe('held');
    });

    it('a receipt signed by the warehouse is taken, once', async () => {
      const receipt = { receiptId: 'r-1', quantity: 1 };
      const first = await stack.api('POST', `/purchase-orders/${po}/receipts`, receipt, stack.sign('warehouse', receipt));
      expect(first.status, JSON.stringify(first.body)).toBe(202);
      const again = await stack.api('POST', `/purchase-orders/${po}/receipts`, receipt, stack.sign('warehouse', receipt));
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.status).toBe('duplicate');
    });
  });
});

describe('security at the edge, before any agent is asked', () => {
  const notFound = async () => { throw new WorkflowNotFoundError('workflow not found', 'agent-X', undefined); };
  const client = {
    options: { namespace: 'default' },
    workflow: { getHandle: () => ({ query: notFound, startUpdate: notFound, signal: notFound, describe: notFound }) },
  } as unknown as Client;
  const world = { storeDocument: async () => 'doc-1', inventory: async () => [], inventoryPage: async () => ({ items: [], total: 0 }) } as unknown as World;
  let records: PurchaseRecords;
  beforeAll(async () => {
    records = await openRecords({ kind: 'sqlite', file: tempFile(afterThisFile) });
    afterAll(() => records.close());
  });
  const security: Security = {
    managerTokens: { dana: 'dana-token-0123456789' },
    supplierSecrets: { 'acme-industrial': 'acme-secret-0123456789' },
    warehouseSecret: 'warehouse-secret-0123456789',
  };

  function edge(overrides: Partial<Security> = {}): FastifyInstance {
    const app = buildApp({ client, world, taskQueue: 'tq', rules: Rules.parse({}), security: { ...security, ...overrides }, records });
    onTestFinished(() => app.close());
    return app;
  }
  const dana = bearer(security.managerTokens.dana!);
  const json = { 'content-type': 'application/json' };

  it('a client over the rate limit gets a 429 with retry-after and a JSON error', async () => {
    const app = edge({ rateLimitPerMinute: 3 });
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'POST', url: '/agents/TAPE-50/pause' })).statusCode).toBe(401);
    const limited = await app.inject({ method: 'POST', url: '/agents/TAPE-50/pause', headers: dana });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatch(/rate limit/i);
    // Health checks are not counted.
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  it('every answer carries the security headers', async () => {
    const app = edge();
    for (const res of [await app.inject({ method: 'GET', url: '/health' }), await app.inject({ method: 'POST', url: '/agents', payload: {} })]) {
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  it.each([
    ['__proto__', '{"decision":"reject","reason":"x","__proto__":{"admin":true}}'],
    ['nested __proto__', '{"decision":"reject","reason":"x","by":{"__proto__":{"admin":true}}}'],
    ['constructor.prototype', '{"decision":"reject","reason":"x","constructor":{"prototype":{"admin":true}}}'],
  ])('JSON that tries prototype pollution (%s) is a 400', async (_name, payload) => {
    const app = edge();
    const res = await app.inject({ method: 'POST', url: '/purchase-orders/PO-TAPE-50-1/decision', headers: { ...dana, ...json }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/JSON/);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('a body over 1 MiB is a 413 with a message', async () => {
    const app = edge();
    const payload = JSON.stringify({ decision: 'reject', reason: 'x'.repeat(1024 * 1024) });
    const res = await app.inject({ method: 'POST', url: '/purchase-orders/PO-TAPE-50-1/decision', headers: { ...dana, ...json }, payload });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/larger than the limit of 1048576 bytes/);
  });

  it('where Slack is not set up, its endpoint is a 404 to a signed request and a 401 to an unsigned one, whatever the body\'s size', async () => {
    const app = edge();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const payload of ['payload=%7B%7D', `payload=${'x'.repeat(200_000)}`]) {
      const signed = await app.inject({ method: 'POST', url: '/slack/interactions', headers: { ...form, 'x-slack-request-timestamp': '1', 'x-slack-signature': 'v0=00' }, payload });
      expect(signed.statusCode).toBe(404);
      expect(signed.json().error).toContain('SLACK_SIGNING_SECRET');
      const unsigned = await app.inject({ method: 'POST', url: '/slack/interactions', headers: form, payload });
      expect(unsigned.statusCode).toBe(401);
    }
  });

  it('a supplier reply may be up to 6 MiB, and no more', async () => {
    const app = edge();
    const send = (chars: number) => {
      const payload = JSON.stringify({ messageId: 'big', text: 'y'.repeat(chars) });
      return app.inject({ method: 'POST', url: '/purchase-orders/PO-TAPE-50-1/supplier-replies', headers: { ...json, ...signedHeaders('acme-industrial', security.supplierSecrets['acme-industrial']!, payload) }, payload });
    };
    // Past the body limit and the signature, on to the agent (there is none here).
    const large = await send(3 * 1024 * 1024);
    expect(large.statusCode, large.body).toBe(404);
    const huge = await send(6 * 1024 * 1024);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatch(/larger than the limit of 6291456 bytes/);
  });

  it('behind a trusted proxy the rate limit counts per client it forwards for; an untrusted X-Forwarded-For changes nothing', async () => {
    const from = (app: FastifyInstance, client: string) => app.inject({ method: 'POST', url: '/agents/TAPE-50/pause', remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': client } });
    const proxied = edge({ rateLimitPerMinute: 2, trustProxy: ['10.0.0.0/8'] });
    for (let i = 0; i < 2; i++) expect((await from(proxied, '203.0.113.5')).statusCode).toBe(401);
    expect((await from(proxied, '203.0.113.5')).statusCode).toBe(429);
    expect((await from(proxied, '203.0.113.6')).statusCode).toBe(401);

    const direct = edge({ rateLimitPerMinute: 2 });
    for (let i = 0; i < 2; i++) expect((await from(direct, `203.0.113.${i}`)).statusCode).toBe(401);
    expect((await from(direct, '203.0.113.9')).statusCode).toBe(429);
  });

  it('with OPERATIONS_REQUIRE_AUTH, /metrics, /openapi.json and /docs need a manager\'s token; /health and /ready stay open', async () => {
    const open = edge();
    expect((await open.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await open.inject({ method: 'GET', url: '/openapi.json' })).statusCode).toBe(200);

    const closed = edge({ operationsRequireAuth: true });
    for (const url of ['/metrics', '/openapi.json', '/docs', '/docs/static/index.html']) {
      const res = await closed.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['www-authenticate'], url).toMatch(/^Bearer/);
    }
    expect((await closed.inject({ method: 'GET', url: '/metrics', headers: dana })).statusCode).toBe(200);
    expect((await closed.inject({ method: 'GET', url: '/openapi.json', headers: dana })).statusCode).toBe(200);
    expect((await closed.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await closed.inject({ method: 'GET', url: '/ready' })).statusCode).toBe(200);
    expect((await closed.inject({ method: 'GET', url: '/skus' })).statusCode).toBe(200);
  });

  it('with READ_REQUIRES_AUTH, reads need a token too (health excepted)', async () => {
    const app = edge({ readRequiresAuth: true });
    expect((await app.inject({ method: 'GET', url: '/skus' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/skus', headers: dana })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
