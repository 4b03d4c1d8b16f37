import { createHash } from 'node:crypto';
import type { Agents } from '../api/agents.js';
import { HttpError } from '../api/errors.js';
import { accepted } from '../api/routes-messages.js';
import { deliverSupplierReply } from '../api/supplier-replies.js';
import { SupplierReplyBody } from '../api/schemas.js';
import { parsePoNumber, parseSpoNumber } from '../domain/ids.js';
import type { PurchaseRecords } from '../records/store.js';
import { replyToSpo, type SpoLineResult } from '../api/supplier-order-messages.js';
import type { World } from '../domain/world.js';
import { vouchesFor, parseAuthenticationResults, type AuthResult } from './authentication.js';
import { supplierOfAddress } from './directory.js';
import type { MailLog, MailReceived } from './log.js';
import { posNamedIn, sposNamedIn } from './purchase-order.js';
import { NotAMail, readMail, type Attachment, type ReceivedMail } from './read-mail.js';
import type { InboundMailSettings } from './settings.js';

export interface InboundDeps {
  agents: Agents;
  world: World;
  log: MailLog;
  /** Where a consolidated PO's lines are found, for a mail naming its SPO number. */
  records: PurchaseRecords;
  settings: InboundMailSettings;
  /** Who is told of mail held for a person (MANAGER); absent, nobody is (the log still lists it). */
  manager?: string;
  /** A notice of held mail that could not be sent: the mail stays held and listed, and is not bounced for it. */
  noticeFailed?: (err: unknown) => void;
}

/** The supplier's words a notice of held mail carries; the log keeps them whole. */
const NOTICE_TEXT = 1_500;

/** What the inbound route answers for a mail it took: delivered to the run (as the JSON route answers), or held for the manager. */
export interface MailTaken {
  code: 200 | 202;
  body: {
    status: 'delivered' | 'held' | 'duplicate' | 'queued' | 'held for the manager';
    mailId: string;
    poNumber: string | null;
    workflowId?: string;
    reason?: string;
    /** A mail to a consolidated PO: what each of its lines answered. */
    lines?: SpoLineResult[];
    attachments: Attachment[];
  };
}

export const digestOf = (raw: Buffer): string => createHash('sha256').update(raw).digest('hex');

/** What the start of a message says of itself, for the record of one refused unread. */
function glimpse(head: Buffer): { from: string | null; subject: string | null; messageId: string | null } {
  const text = head.subarray(0, 64 * 1024).toString('latin1').split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) => new RegExp(`^${name}[ \\t]*:[ \\t]*(.{0,500})`, 'im').exec(text)?.[1]?.trim() ?? null;
  return { from: field('from'), subject: field('subject'), messageId: field('message-id')?.replace(/^<|>$/g, '') ?? null };
}

/**
 * Records a message refused for its size from what its start says, and returns the bounce reason.
 * `cut`: the sender kept sending past what is read, so the size is at least `size`.
 */
export async function refuseTooLarge(head: Buffer, size: number, cut: boolean, maxBytes: number, log: MailLog): Promise<string> {
  const reason = `552 5.3.4 message too big: this service takes mail of up to ${maxBytes} bytes and this one has ${cut ? 'more than ' : ''}${size}; `
    + 'send large documents as a link or in several mails';
  const seen = glimpse(head);
  await log.received({
    id: digestOf(head), messageId: seen.messageId, receivedAt: new Date().toISOString(), status: 'refused', reason, from: seen.from,
    supplier: null, poNumber: null, subject: seen.subject, sizeBytes: size, attachments: [], text: null,
  });
  return reason;
}

/**
 * Results the service believes: the webhook's own header when it sends one (the webhook is
 * authenticated); otherwise the topmost in-message header of the provider's authserv-id, which the
 * provider adds above whatever the sender wrote (a forged one further down is never read).
 */
function believedResults(mail: ReceivedMail, webhookVerdict: string | undefined, authservId: string | undefined): AuthResult[] {
  if (webhookVerdict) return parseAuthenticationResults(webhookVerdict)?.results ?? [];
  if (!authservId) return [];
  return mail.authenticationResults.map(parseAuthenticationResults).find((r) => r?.authservId === authservId)?.results ?? [];
}

/** One notice to the manager of a mail held for a person: who wrote, about which PO, why it was held, and what it says. */
async function noticeOfHeld(deps: InboundDeps, mail: ReceivedMail, id: string, reason: string, more: Partial<MailReceived>): Promise<void> {
  const po = more.poNumber ?? null;
  const words = mail.text.trim();
  const body = `${mail.from}${more.supplier ? ` (${more.supplier})` : ''} wrote${po ? ` about ${po}` : ''}: "${mail.subject}" (Message-ID ${mail.messageId}). `
    + `The agent did not read it: ${reason}. Read it in GET /inbound-mail/log?status=held (mail ${id.slice(0, 12)}).`
    + (words ? `\n\n${words.length > NOTICE_TEXT ? `${words.slice(0, NOTICE_TEXT)}…` : words}` : '')
    + (mail.attachments.length ? `\n\n${mail.attachments.length} attachment(s), not opened: ${mail.attachments.map((a) => a.filename ?? a.contentType).join(', ')}` : '');
  try {
    await deps.world.notify({
      to: deps.manager!, subject: `Supplier mail held for you: ${mail.subject || '(no subject)'}`.slice(0, 300), body,
      ...(po && parsePoNumber(po) ? { poNumber: po, sku: parsePoNumber(po)!.sku } : {}),
    });
  } catch (err) {
    deps.noticeFailed?.(err);
  }
}

/**
 * A mail naming a consolidated PO is about its every line, as a reply to it by the JSON route is:
 * unless it also names another (consolidated) PO or answers a mail about one, when a person reads
 * which lines it speaks of.
 */
function spoOf(mail: ReceivedMail, threadPo: string | undefined, pos: string[]): { po: string } | { why: string } | null {
  const spos = [...new Set([...sposNamedIn(mail.subject), ...sposNamedIn(mail.text)])];
  if (spos.length === 0) return null;
  if (spos.length > 1) return { why: `it names ${spos.length} consolidated purchase orders (${spos.slice(0, 5).join(', ')}), not one` };
  const others = [...new Set([...(threadPo ? [threadPo] : []), ...pos])];
  if (others.length > 0) return { why: `it names ${spos[0]} and also ${others.slice(0, 5).join(', ')}: a person reads which lines it is about` };
  return { po: spos[0]! };
}

/** The PO a mail is about, or why it cannot be told: never a guess. */
async function poOf(mail: ReceivedMail, log: MailLog): Promise<{ po: string } | { why: string }> {
  const thread = await log.poOfThread(mail.inReplyTo);
  const named = posNamedIn(mail.subject);
  const words = posNamedIn(mail.text);
  const consolidated = spoOf(mail, thread?.poNumber, [...named, ...words]);
  if (consolidated) return consolidated;
  const inText = named.length > 0 ? named : words;
  // Words about another PO beside this one ("PO-B we cannot supply") would be read by this PO's run as
  // about its own order, which no reader can tell apart: a person reads a mail about two.
  const alsoIn = (po: string) => words.filter((p) => p !== po).slice(0, 5).join(', ');
  if (thread) {
    const others = named.filter((p) => p !== thread.poNumber);
    if (others.length > 0) return { why: `it answers the mail about ${thread.poNumber} but its subject names ${others.join(', ')}` };
    if (alsoIn(thread.poNumber)) return { why: `it answers the mail about ${thread.poNumber} but its words also name ${alsoIn(thread.poNumber)}` };
    return { po: thread.poNumber };
  }
  if (named.length === 1 && alsoIn(named[0]!)) return { why: `its subject names ${named[0]} but its words also name ${alsoIn(named[0]!)}` };
  if (inText.length === 1) return { po: inText[0]! };
  if (inText.length > 1) return { why: `it names ${inText.length} purchase orders (${inText.slice(0, 5).join(', ')}), not one` };
  return { why: 'it names no purchase order (PO-…) and answers no mail the agent sent' };
}

/** A Message-ID as the reply's id: each supplier's messages are its own (reply:<supplier>:mail:<id>). */
const replyIdOf = (mail: ReceivedMail): string =>
  (mail.messageId.length <= 190 ? `mail:${mail.messageId}` : `mail:sha256:${createHash('sha256').update(mail.messageId).digest('hex')}`);

/**
 * One mail, from its bytes to the run: read, its sender checked against the directory and the
 * provider's verdict, its PO found, and its own words delivered as the signed JSON route delivers a
 * reply. Every mail that is a mail is recorded with what became of it. A refusal throws HttpError.
 */
export async function receiveMail(raw: Buffer, webhookVerdict: string | undefined, deps: InboundDeps): Promise<MailTaken> {
  let mail: ReceivedMail;
  try {
    mail = await readMail(raw);
  } catch (err) {
    if (err instanceof NotAMail) throw new HttpError(400, err.message);
    throw err;
  }
  const id = digestOf(raw);
  const entry: Omit<MailReceived, 'attempts' | 'status' | 'reason'> = {
    id, messageId: mail.messageId, receivedAt: new Date().toISOString(), from: mail.from, supplier: null, poNumber: null,
    subject: mail.subject, sizeBytes: raw.length, attachments: mail.attachments, text: mail.text,
  };
  const refuse = async (status: number, reason: string, more: Partial<MailReceived> = {}): Promise<never> => {
    await deps.log.received({ ...entry, ...more, status: 'refused', reason });
    throw new HttpError(status, reason);
  };
  const hold = async (reason: string, more: Partial<MailReceived> = {}): Promise<MailTaken> => {
    const attempts = await deps.log.received({ ...entry, ...more, status: 'held', reason });
    // Held for the manager means the manager is told, once: a log nobody reads left the agent chasing a
    // supplier that had answered. A provider's retry of the same mail is no news.
    if (deps.manager && attempts === 1) await noticeOfHeld(deps, mail, id, reason, more);
    return { code: 202, body: { status: 'held for the manager', mailId: id, poNumber: more.poNumber ?? null, reason, attachments: mail.attachments } };
  };

  const supplier = supplierOfAddress(deps.settings.directory, mail.from);
  if (!supplier) return refuse(403, `the sender ${mail.from} is not a registered supplier address or domain`);
  const verdict = vouchesFor(believedResults(mail, webhookVerdict, deps.settings.authservId), mail.fromDomain);
  if (!verdict.ok) return refuse(403, `the sender ${mail.from} is not authenticated: ${verdict.why}`, { supplier });

  const found = await poOf(mail, deps.log);
  if ('why' in found) return hold(mail.automatic ? `${mail.automatic}; ${found.why}` : found.why, { supplier });
  const { po } = found;
  // A bounce or an out-of-office notice is no answer of the supplier's: a person reads it, the run never does.
  if (mail.automatic) return hold(`${mail.automatic}, not the supplier's answer`, { supplier, poNumber: po });
  // The one check of a reply's text, the JSON route's: a mail with nothing of its own to read goes to a person.
  if (!SupplierReplyBody.shape.text.safeParse(mail.text).success) {
    return hold(`nothing to read above the quoted history${mail.attachments.length ? ` (${mail.attachments.length} attachment(s), not opened)` : ''}`, { supplier, poNumber: po });
  }
  const reply = { messageId: replyIdOf(mail), text: mail.text, ...(mail.date ? { receivedAt: mail.date } : {}) };
  try {
    if (parseSpoNumber(po)) {
      const { code, body } = await replyToSpo(deps, po, supplier, reply);
      await deps.log.received({ ...entry, supplier, poNumber: po, status: 'delivered', reason: `${body.status} to ${body.lines.length} line(s) of ${po}` });
      return { code, body: { status: body.status, mailId: id, poNumber: po, lines: body.lines, attachments: mail.attachments } };
    }
    const result = await deliverSupplierReply(deps.agents, deps.world, po, supplier, reply);
    await deps.log.received({ ...entry, supplier, poNumber: po, status: 'delivered', reason: `${result.status} (${result.workflowId})` });
    return { code: accepted(result), body: { status: result.status, mailId: id, poNumber: po, workflowId: result.workflowId, attachments: mail.attachments } };
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    // No agent works on the PO's SKU: a PO this service does not know, which a person looks at.
    if (err.status === 404) return hold(`no purchase order ${po} is being worked on (${err.message})`, { supplier, poNumber: po });
    return refuse(err.status, err.message, { supplier, poNumber: po });
  }
}
