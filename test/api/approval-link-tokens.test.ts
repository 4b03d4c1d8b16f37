import { describe, expect, it } from 'vitest';
import { makeLinks, readLink, termsChanged } from '../../src/api/approval-links.js';

const signer = { secret: 's'.repeat(40), ttlSeconds: 600, baseUrl: 'https://buy.example.com/' };
const terms = { poNumber: 'PO-WASHER-M8-1', supplier: 'quickparts', quantity: 510, unitPrice: 0.05 };
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

describe('approval link tokens', () => {
  it('a pair decides one thing each, shares one nonce, and reads back as made until it expires', () => {
    const now = Date.UTC(2026, 4, 1, 12);
    const links = makeLinks(signer, terms, 'dana', now);
    expect(links.approve.startsWith('https://buy.example.com/approval-link?token=')).toBe(true);
    const approve = readLink(signer.secret, tokenOf(links.approve), now);
    const reject = readLink(signer.secret, tokenOf(links.reject), now);
    expect(approve).toMatchObject({ ok: true, claims: { ...terms, action: 'approve', manager: 'dana', expiresAt: now / 1000 + 600 } });
    expect(reject).toMatchObject({ ok: true, claims: { action: 'reject' } });
    expect(approve.ok && reject.ok && approve.claims.nonce === reject.claims.nonce).toBe(true);
    expect(readLink(signer.secret, links.approveToken, now + 600_000)).toMatchObject({ ok: false, problem: { kind: 'expired' } });
    expect(readLink('another-deployment'.padEnd(40, '!'), links.approveToken, now)).toMatchObject({ ok: false, problem: { kind: 'forged' } });
  });

  it('a signature spelled another way is refused, though it decodes to the same bytes (its last character\'s spare bits)', () => {
    const now = Date.UTC(2026, 4, 1, 12);
    const token = makeLinks(signer, terms, 'dana', now).approveToken;
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = B64URL.indexOf(token.at(-1)!);
    // The 43rd character holds 4 bits of the MAC and 2 bits no decoder reads: flip one of those.
    const respelled = token.slice(0, -1) + B64URL[last ^ 1];
    expect(Buffer.from(respelled.split('.')[1]!, 'base64url')).toEqual(Buffer.from(token.split('.')[1]!, 'base64url'));
    expect(readLink(signer.secret, respelled, now)).toMatchObject({ ok: false, problem: { kind: 'forged' } });
    expect(readLink(signer.secret, token, now)).toMatchObject({ ok: true });
  });

  it('terms that moved are named: another revision, supplier, quantity or price', () => {
    expect(termsChanged(terms, terms)).toBeNull();
    expect(termsChanged(terms, { ...terms, poNumber: 'PO-WASHER-M8-1-R1', unitPrice: 0.06 }))
      .toBe('the terms of PO-WASHER-M8-1 changed since this link was sent (the PO is now PO-WASHER-M8-1-R1, the unit price is now 0.06)');
    expect(termsChanged(terms, { ...terms, quantity: 1000 })).toContain('the quantity is now 1000');
    expect(termsChanged(terms, { ...terms, supplier: 'acme-industrial' })).toContain('the supplier is now acme-industrial');
  });
});
