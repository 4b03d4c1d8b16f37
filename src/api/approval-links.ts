import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ApprovalRequest } from '../domain/phase.js';
import { PO_NUMBER_PATTERN, SPO_NUMBER_PATTERN } from '../domain/ids.js';

/**
 * Signed, single-use approval links, for an approval request sent by email or chat. A link names
 * what it decides (approve up to a unit price, or reject), the exact terms the manager was asked
 * about (PO number, revision included, supplier, quantity, unit price; for a consolidated PO its
 * SPO number, every unit of its lines and its dearest line's price), the manager it was made
 * for, when it expires, and a nonce that is spent once it is used (src/records/used-keys.ts).
 *
 * The token is `<payload>.<signature>`, both base64url: the payload is JSON, the signature the
 * HMAC-SHA256 of the payload's base64url text under the deployment's link secret. Nothing in it
 * is secret, only unforgeable.
 */

export type LinkAction = 'approve' | 'reject';

/** What the manager is asked about, as the approvals inbox has it: a link is good only while these stand. */
export interface LinkTerms { poNumber: string; supplier: string; quantity: number; unitPrice: number }

export interface LinkClaims extends LinkTerms {
  action: LinkAction;
  manager: string;
  /** Unix seconds. */
  expiresAt: number;
  nonce: string;
  /**
   * The approval limit of the manager who had the links made, when their token carried one (a JWT's
   * `approval_limit`): a link decides as them, so it decides within it. Absent: MANAGER_LIMITS applies.
   */
  limit?: number;
}

export interface LinkSigner {
  secret: string;
  /** How long a link lasts. */
  ttlSeconds: number;
  /** Where people reach the API, e.g. https://purchasing.example.com; links are built on it. */
  baseUrl: string;
}

/** The path a link opens (GET: the confirmation page) and its form posts to (POST: the decision). */
export const LINK_PATH = '/approval-link';
/** A token is far shorter; anything longer is refused before it is parsed. */
export const MAX_TOKEN_LENGTH = 1_000;
/** What every token looks like: base64url payload, a dot, the 43 characters of its signature. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;
export const TOKEN_RULE = 'not an approval link of this service (the token is cut short or altered); open the link from the message again';

const Payload = z.object({
  v: z.literal(1), a: z.enum(['approve', 'reject']), po: z.string().refine((po) => PO_NUMBER_PATTERN.test(po) || SPO_NUMBER_PATTERN.test(po)), s: z.string().min(1).max(100),
  q: z.number().int().positive(), p: z.number().positive().finite(), m: z.string().min(1).max(100), e: z.number().int().positive(),
  n: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/), l: z.number().nonnegative().finite().optional(),
}).strict();

const mac = (secret: string, payload: string): Buffer => createHmac('sha256', secret).update(payload).digest();

export function signLink(secret: string, c: LinkClaims): string {
  const payload = Buffer.from(JSON.stringify({
    v: 1, a: c.action, po: c.poNumber, s: c.supplier, q: c.quantity, p: c.unitPrice, m: c.manager, e: c.expiresAt, n: c.nonce,
    ...(c.limit !== undefined ? { l: c.limit } : {}),
  })).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Why a token is refused: `malformed` (400), `forged` (403: not signed with this deployment's secret), `expired` (410). */
export type LinkProblem = { kind: 'malformed' | 'forged' | 'expired'; why: string };

/** The claims of a token this deployment signed and that has not expired, or why not. */
export function readLink(secret: string, token: string, nowMs = Date.now()): { ok: true; claims: LinkClaims } | { ok: false; problem: LinkProblem } {
  const malformed = (why: string) => ({ ok: false as const, problem: { kind: 'malformed' as const, why } });
  if (token.length > MAX_TOKEN_LENGTH) return malformed(`a link's token is at most ${MAX_TOKEN_LENGTH} characters`);
  if (!TOKEN_PATTERN.test(token)) return malformed(TOKEN_RULE);
  const [payload, signature] = token.split('.') as [string, string];
  // The signature is checked before the payload is read: nothing unsigned is parsed. It is compared as
  // text: base64url's last character carries bits a decoder drops, so another spelling of the same
  // bytes would pass a comparison of the decoded signature, and one token would have several forms.
  if (!timingSafeEqual(Buffer.from(signature), Buffer.from(mac(secret, payload).toString('base64url')))) {
    return { ok: false, problem: { kind: 'forged', why: 'this link\'s signature is not valid: it was altered, or made for another deployment' } };
  }
  let parsed: z.ZodSafeParseResult<z.infer<typeof Payload>>;
  try {
    parsed = Payload.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return malformed('this link\'s token does not hold an approval link');
  }
  if (!parsed.success) return malformed('this link\'s token does not hold an approval link');
  const p = parsed.data;
  const claims: LinkClaims = {
    action: p.a, poNumber: p.po, supplier: p.s, quantity: p.q, unitPrice: p.p, manager: p.m, expiresAt: p.e, nonce: p.n, ...(p.l !== undefined ? { limit: p.l } : {}),
  };
  if (claims.expiresAt * 1000 <= nowMs) {
    return { ok: false, problem: { kind: 'expired', why: `this link expired at ${new Date(claims.expiresAt * 1000).toISOString()}; ask for the approval again, or decide on the manager's page` } };
  }
  return { ok: true, claims };
}

/** The terms a link binds, from what the approvals inbox shows. */
export const termsOf = (poNumber: string, r: Pick<ApprovalRequest, 'supplier' | 'quantity' | 'unitPrice'>): LinkTerms =>
  ({ poNumber, supplier: r.supplier, quantity: r.quantity, unitPrice: r.unitPrice });

/** Why the terms asked about now are not the ones the link was made for; null when they are. */
export function termsChanged(link: LinkTerms, now: LinkTerms): string | null {
  const changed = [
    link.poNumber !== now.poNumber && `the PO is now ${now.poNumber}`,
    link.supplier !== now.supplier && `the supplier is now ${now.supplier}`,
    link.quantity !== now.quantity && `the quantity is now ${now.quantity}`,
    link.unitPrice !== now.unitPrice && `the unit price is now ${now.unitPrice}`,
  ].filter(Boolean);
  return changed.length ? `the terms of ${link.poNumber} changed since this link was sent (${changed.join(', ')})` : null;
}

/** A pair of links for one manager and one approval request: approve up to the asked price, or reject; one decision between them. */
export interface ApprovalLinks {
  manager: string;
  expiresAt: string;
  approve: string;
  reject: string;
  /** The same tokens, for a chat button's value (src/api/routes-slack.ts). */
  approveToken: string;
  rejectToken: string;
}

export function makeLinks(signer: LinkSigner, terms: LinkTerms, manager: string, nowMs = Date.now(), limit?: number): ApprovalLinks {
  const expiresAt = Math.floor(nowMs / 1000) + signer.ttlSeconds;
  // One nonce for the pair: once either is used, both are spent.
  const nonce = randomBytes(16).toString('base64url');
  const token = (action: LinkAction) => signLink(signer.secret, { ...terms, action, manager, expiresAt, nonce, ...(limit !== undefined ? { limit } : {}) });
  const url = (t: string) => `${signer.baseUrl.replace(/\/+$/, '')}${LINK_PATH}?token=${t}`;
  const approveToken = token('approve');
  const rejectToken = token('reject');
  return { manager, expiresAt: new Date(expiresAt * 1000).toISOString(), approve: url(approveToken), reject: url(rejectToken), approveToken, rejectToken };
}
