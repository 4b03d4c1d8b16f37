import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { slackHeaders } from '../../src/api/routes-slack.js';
import { story } from '../scenarios/story.js';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';

/**
 * Generated requests at the approval-link and Slack routes, against a live stack whose agent waits
 * for the manager: malformed and altered tokens, bodies of every shape and type, missing and wrong
 * headers. Every answer is a 4xx (never a 5xx), and afterwards the PO still waits and its real link
 * still approves: nothing the fuzzer sent decided anything.
 */

const signingSecret = randomBytes(20).toString('hex');

describe('bad input at the approval-link and Slack routes', () => {
  let stack: Stack;
  let po: string;
  let approve: string;
  let reject: string;

  beforeAll(async () => {
    stack = await startStack({
      temporal: 'dev', cleanup: afterThisFile,
      security: {
        approvalLinks: { secret: randomBytes(32).toString('hex'), ttlSeconds: 3600, baseUrl: 'https://purchasing.example.com' },
        slack: { signingSecret, approvers: { U0DANA1: 'dana' } },
      },
    });
    const s = story(stack, stack.newSku());
    po = (await s.parkAtApproval()).poNumber;
    const made = await stack.api('GET', `/purchase-orders/${po}/approval-links`, undefined, { authorization: `Bearer ${stack.managerToken}` });
    ({ approveToken: approve, rejectToken: reject } = made.body);
  });

  const weird = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('', '.', '..', 'a.b', '%', '%E0%A4%A', '\u0000', '💥', 'x'.repeat(1_500), `${'A'.repeat(60)}.${'B'.repeat(43)}`),
  );
  /** A real token with one character changed, cut, or grown: the signature no longer holds. */
  const altered = fc.tuple(fc.constantFrom(() => approve, () => reject), fc.nat(), fc.constantFrom('flip', 'cut', 'grow', 'swap')).map(([t, at, how]) => {
    const token = t();
    const i = at % token.length;
    if (how === 'cut') return token.slice(0, i);
    if (how === 'grow') return `${token}A`;
    if (how === 'swap') return token.split('.').reverse().join('.');
    return `${token.slice(0, i)}${token[i] === 'A' ? 'B' : 'A'}${token.slice(i + 1)}`;
  });
  const token = fc.oneof(weird, altered);

  const slackPayload = fc.oneof(
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.record({
      type: fc.constantFrom('block_actions', 'view_submission', 'shortcut'), user: fc.oneof(fc.constant({ id: 'U0DANA1' }), fc.jsonValue()),
      actions: fc.oneof(fc.constant([]), fc.array(fc.record({ action_id: weird, value: token, action_ts: weird }), { maxLength: 2 }), fc.jsonValue()),
      response_url: fc.oneof(fc.constant('file:///etc/passwd'), fc.constant('javascript:alert(1)'), weird, fc.constant(42)),
    }).map((v) => JSON.stringify(v)),
    weird,
  );

  const body = fc.oneof(
    fc.record({ token, reason: fc.option(weird, { nil: undefined }), note: fc.option(weird, { nil: undefined }) }).map((b) => ({ type: 'json', text: JSON.stringify(b) })),
    fc.record({ token, extra: weird }).map((b) => ({ type: 'form', text: new URLSearchParams(b).toString() })),
    fc.jsonValue().map((v) => ({ type: 'json', text: JSON.stringify(v) })),
    slackPayload.map((p) => ({ type: 'form', text: new URLSearchParams({ payload: p }).toString() })),
    fc.constantFrom('{', 'null', '[]', '{"__proto__":{"x":1},"token":"a.b"}', 'token=a&token=b', '__proto__=1&token=a', 'payload=%ZZ', '')
      .chain((text) => fc.constantFrom('json', 'form', 'text/plain', 'multipart/form-data; boundary=x').map((type) => ({ type, text }))),
    fc.constant({ type: 'form', text: `token=${'x'.repeat(70 * 1024)}` }),
  );

  const contentType = (type: string) => (type === 'json' ? 'application/json' : type === 'form' ? 'application/x-www-form-urlencoded' : type);

  const slackHeadersOf = fc.constantFrom('none', 'good', 'stale', 'forged', 'garbage');
  const withSlack = (kind: string, text: string): Record<string, string> => {
    if (kind === 'none') return {};
    if (kind === 'good') return slackHeaders(signingSecret, text);
    if (kind === 'stale') return slackHeaders(signingSecret, text, Date.now() - 3_600_000);
    if (kind === 'forged') return slackHeaders('a-secret-that-is-not-ours', text);
    return { 'x-slack-request-timestamp': 'yesterday', 'x-slack-signature': 'v1=zz' };
  };

  const requests = () => fc.oneof(
    fc.record({ kind: fc.constant('open' as const), token, method: fc.constantFrom('GET', 'HEAD') }),
    fc.record({ kind: fc.constant('decide' as const), body }),
    fc.record({ kind: fc.constant('slack' as const), body, headers: slackHeadersOf, retry: fc.boolean() }),
    fc.record({ kind: fc.constant('mint' as const), po: fc.oneof(fc.constant(po), fc.constant(`${po}-R9`), fc.constant('PO-NOPE-1'), weird), auth: fc.boolean() }),
  );

  it('every generated request is answered below 500, and none decides anything', async () => {
    await fc.assert(fc.asyncProperty(requests(), async (r) => {
      let res: Response;
      if (r.kind === 'open') {
        res = await fetch(`${stack.apiUrl}/approval-link?token=${encodeURIComponent(r.token)}`, { method: r.method });
      } else if (r.kind === 'mint') {
        res = await fetch(`${stack.apiUrl}/purchase-orders/${encodeURIComponent(r.po)}/approval-links`, { headers: r.auth ? { authorization: `Bearer ${stack.managerToken}` } : {} });
      } else {
        const headers: Record<string, string> = { 'content-type': contentType(r.body.type) };
        if (r.kind === 'slack') Object.assign(headers, withSlack(r.headers, r.body.text), r.retry ? { 'x-slack-retry-num': '1' } : {});
        res = await fetch(`${stack.apiUrl}${r.kind === 'slack' ? '/slack/interactions' : '/approval-link'}`, { method: 'POST', headers, body: r.body.text });
      }
      const text = await res.text();
      // A signed, well-formed Slack click is taken (200) whatever its button holds: its result goes to its response_url.
      const taken = r.kind === 'slack' && res.status === 200;
      // Making links for the waiting PO with a token is the one request here that succeeds.
      const minted = r.kind === 'mint' && r.po === po && r.auth && res.status === 200;
      expect(res.status < 500, `${res.status} ${text.slice(0, 300)}`).toBe(true);
      expect(taken || minted || (res.status >= 400 && res.status < 500), `${JSON.stringify(r).slice(0, 300)} → ${res.status} ${text.slice(0, 300)}`).toBe(true);
    }), { numRuns: 300 });

    // Nothing was decided: the PO still waits, and its own link still approves it.
    const waiting = (await stack.api('GET', '/approvals')).body.items as { poNumber: string }[];
    expect(waiting.map((i) => i.poNumber)).toContain(po);
    const approved = await stack.api('POST', '/approval-link', { token: approve });
    expect(approved.status, JSON.stringify(approved.body)).toBe(202);
  });
});
