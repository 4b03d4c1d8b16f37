import { parseSpoNumber, replenishmentIdOfPo, skuOfPo } from '../domain/ids.js';
import { approverRefusal } from '../domain/phase.js';
import type { ApprovalPayload } from '../domain/state.js';
import type { DecisionChannel } from '../domain/types.js';
import type { InboxItem } from '../records/approvals-waiting.js';
import type { PurchaseRecords } from '../records/store.js';
import type { DeliverResult } from '../workflows/messages.js';
import type { Agents } from './agents.js';
import { readLink, termsChanged, termsOf, type LinkClaims, type LinkSigner } from './approval-links.js';
import { HttpError } from './errors.js';

export interface LinkDeps {
  agents: Agents;
  records: PurchaseRecords;
  /** Absent: this deployment makes and takes no links. */
  signer: LinkSigner | undefined;
  /** The approval limits of managers by name (MANAGER_LIMITS): a link's manager has no token to carry a claim. */
  managerLimits: Record<string, number>;
  currency: string;
}

/** A link that may decide now, with the request it decides on; or the status and words of why not. */
export type LinkCheck =
  | { ok: true; claims: LinkClaims; request: InboxItem }
  | { ok: false; status: 400 | 403 | 404 | 409 | 410; why: string; claims: LinkClaims | null };

const STATUS = { malformed: 400, forged: 403, expired: 410 } as const;

/** The key a link's nonce is spent under; both links of a pair share it. */
export const linkKey = (c: Pick<LinkClaims, 'nonce'>): string => `link:${c.nonce}`;

const usedWords = (u: { action: string; channel: string; usedAt: string; outcome: string | null }) =>
  `this link was already used: ${u.action} via ${u.channel} at ${u.usedAt}${u.outcome ? ` (${u.outcome})` : ''}`;

/**
 * Whether a link can still decide: signed here, not expired, not used, and its PO still waits for
 * a decision on the very terms the link was made for. Reads only; nothing is spent.
 */
export async function checkLink(deps: LinkDeps, token: string, nowMs = Date.now()): Promise<LinkCheck> {
  if (!deps.signer) return { ok: false, status: 404, why: 'approval links are not enabled on this service (APPROVAL_LINK_SECRET)', claims: null };
  const read = readLink(deps.signer.secret, token, nowMs);
  if (!read.ok) return { ok: false, status: STATUS[read.problem.kind], why: read.problem.why, claims: null };
  const { claims } = read;
  const used = await deps.records.used.find(linkKey(claims));
  if (used) return { ok: false, status: 410, why: usedWords(used), claims };
  // A consolidated PO's row is kept under its SPO number; a run's PO's under its run.
  const spo = parseSpoNumber(claims.poNumber) !== null;
  const request = spo ? await deps.records.waiting.supplierOrderOf(claims.poNumber) : await deps.records.waiting.of(replenishmentIdOfPo(claims.poNumber));
  if (!request) {
    const gone = `${claims.poNumber} is no longer waiting for a manager's decision`;
    const why = spo ? await deps.agents.whySupplierOrderIsNotWaiting(claims.poNumber).catch(() => gone) : gone;
    return { ok: false, status: 410, why: `${why}: this link can decide nothing`, claims };
  }
  const changed = termsChanged(claims, termsOf(request.poNumber, request));
  if (changed) return { ok: false, status: 410, why: `${changed}: this link can decide nothing`, claims };
  // An approval the run could only refuse (above the manager's limit, or the same manager twice) is said
  // before anything is spent: spent by the refusal, the pair's reject link answered "already used".
  if (claims.action === 'approve') {
    const limit = claims.limit ?? deps.managerLimits[claims.manager];
    const refusal = approverRefusal(request, claims.poNumber, { approved: true, maxUnitPrice: claims.unitPrice, by: claims.manager, ...(limit !== undefined ? { limit } : {}) });
    if (refusal) return { ok: false, status: refusal.type === 'OverLimit' ? 403 : 409, why: refusal.why, claims };
  }
  return { ok: true, claims, request };
}

export interface LinkDecision { status: number; claims: LinkClaims; result?: Pick<DeliverResult, 'status' | 'workflowId'>; error?: string; by: string }

/**
 * Spends the link and sends its decision down the manager's own path (`Agents.deliver`, the
 * approval message the decision route sends; for a consolidated PO the Update on its supplier's
 * desk): the run or the desk judges it as any other, and the answer has the same statuses, 202
 * delivered, 200 a repeat, 403 above the manager's limit, 409 not waiting. The message id is the
 * link's, so a decision that reached the agent or the desk is never sent twice.
 */
export async function decideByLink(
  deps: LinkDeps, claims: LinkClaims, channel: DecisionChannel, opts: { by?: string; reason?: string; note?: string } = {},
): Promise<LinkDecision> {
  const by = opts.by ?? claims.manager;
  const spent = await deps.records.used.claim({
    key: linkKey(claims), poNumber: claims.poNumber, action: claims.action, manager: by, channel, usedAt: new Date().toISOString(),
  });
  if (!spent.claimed) return { status: 410, claims, error: usedWords(spent.earlier), by };
  // The limit the link was made under (its maker's token's claim) wins, as a JWT's claim wins over MANAGER_LIMITS.
  const limit = claims.limit ?? deps.managerLimits[by];
  const payload: ApprovalPayload = claims.action === 'approve'
    ? { approved: true, maxUnitPrice: claims.unitPrice, by, channel, ...(opts.note ? { note: opts.note } : {}), ...(limit !== undefined ? { limit } : {}) }
    : { approved: false, reason: opts.reason || `rejected by ${by} from ${channel === 'slack' ? 'Slack' : 'an approval link'}`, by, channel };
  const messageId = `approval:link:${claims.nonce}`;
  try {
    const result = parseSpoNumber(claims.poNumber)
      ? await deps.agents.decideSupplierOrder({ spoNumber: claims.poNumber, ...payload, at: new Date().toISOString(), messageId })
      : await deps.agents.deliver(skuOfPo(claims.poNumber), { event: 'approval', poNumber: claims.poNumber, payload, messageId });
    await deps.records.used.settle(linkKey(claims), result.status);
    return { status: result.status === 'duplicate' ? 200 : 202, claims, result, by };
  } catch (err) {
    if (err instanceof HttpError && err.status < 500) {
      await deps.records.used.settle(linkKey(claims), `${err.status}: ${err.message}`);
      return { status: err.status, claims, error: err.message, by };
    }
    // The decision never reached the agent: the link may be used again.
    await deps.records.used.release(linkKey(claims));
    throw err;
  }
}

/** A decision's answer in words, for a page or a chat message. */
export function decisionWords(d: LinkDecision, currency: string): string {
  if (d.error) return d.error;
  const what = d.claims.action === 'approve'
    ? `${d.claims.poNumber} approved by ${d.by} up to ${d.claims.unitPrice} ${currency} a unit`
    : `${d.claims.poNumber} rejected by ${d.by}`;
  const who = parseSpoNumber(d.claims.poNumber) ? 'the supplier\'s desk' : 'the agent';
  const how = { delivered: `${who} has it`, held: `${who} has it`, duplicate: `${who} already had it`, queued: `${who} will take it at its next step` }[d.result!.status];
  return `${what}; ${how}.`;
}
