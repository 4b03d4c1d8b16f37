import { createHash } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import { htmlToText } from '../domain/visible-text.js';
import { domainOf } from './directory.js';
import { ownWords } from './own-words.js';

/** An attachment as listed for the manager; its content is never opened, run or passed on. */
export interface Attachment { filename: string | null; contentType: string; size: number }

/** What the service takes from one RFC 822 message. */
export interface ReceivedMail {
  /** The Message-ID without its angle brackets, or a digest of the message when it has none. */
  messageId: string;
  from: string;
  fromDomain: string;
  subject: string;
  /** The Message-IDs it answers (In-Reply-To, then References), without angle brackets. */
  inReplyTo: string[];
  /** ISO time of its Date header, when it has a sane one. */
  date?: string;
  /** The sender's own words, quoted history cut. */
  text: string;
  attachments: Attachment[];
  /** Every Authentication-Results header in the message, topmost first. */
  authenticationResults: string[];
  /** What machine sent it instead of a person, when its headers say so: a bounce, a read receipt, an auto-reply. */
  automatic?: string;
}

/** The message cannot be taken as a mail; the message says what is wrong. */
export class NotAMail extends Error {}

/** Bounds on what a real mail's header holds; a message past them is refused before it is parsed. */
const MAX_HEADER_BYTES = 256 * 1024;
const MAX_HEADER_LINES = 2_000;
const HEADER_FIELD = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;

/** The header block of a raw message, checked to be one: field lines and their continuations. */
function checkHeader(raw: Buffer): void {
  if (raw.length === 0) throw new NotAMail('the message is empty');
  const head = raw.subarray(0, MAX_HEADER_BYTES + 4).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  if (end < 0 && raw.length > MAX_HEADER_BYTES) throw new NotAMail(`the message's header is longer than ${MAX_HEADER_BYTES} bytes`);
  const lines = (end < 0 ? head : head.slice(0, end)).split(/\r?\n/);
  if (lines.length > MAX_HEADER_LINES) throw new NotAMail(`the message's header has more than ${MAX_HEADER_LINES} lines`);
  const bad = lines.findIndex((l, i) => !(HEADER_FIELD.test(l) || (i > 0 && /^[ \t]/.test(l))));
  if (bad >= 0) throw new NotAMail(`not an RFC 822 message: header line ${bad + 1} is not a field ("name: value")`);
  if (!lines.some((l) => /^from[ \t]*:/i.test(l))) throw new NotAMail('not an RFC 822 message: it has no From header');
}

const bare = (id: string): string => id.trim().replace(/^<|>$/g, '').slice(0, 998);
const idsOf = (v: string | string[] | undefined): string[] =>
  [v ?? []].flat().flatMap((s) => s.match(/<[^<>\s]{1,998}>/g) ?? (s.trim() ? [s.trim()] : [])).map(bare).slice(0, 100);

const single = (a: AddressObject | AddressObject[] | undefined): string[] =>
  [a ?? []].flat().flatMap((o) => o.value).flatMap((v) => (v.group ? [] : [v.address ?? '']));

type Headers = Awaited<ReturnType<typeof simpleParser>>['headers'];
const headerText = (headers: Headers, name: string): string => {
  const v = headers.get(name);
  return (typeof v === 'string' ? v : v && typeof v === 'object' && 'value' in v ? String(v.value) : '').trim().toLowerCase();
};

/**
 * A machine's mail about the agent's mail, not a supplier's answer to it, by what its headers say:
 * a report (RFC 6522: a bounce, RFC 3464, or a read receipt, RFC 8098), or an automatic response
 * (RFC 3834 `Auto-Submitted: auto-replied`, an out-of-office notice; or the older X-Autoreply).
 * Such a mail may name the PO (a bounce quotes the subject), and read as the supplier's reply it set
 * the agent asking the supplier, by mail, about words the supplier never wrote; RFC 3834 also asks
 * that nothing answer an auto-reply automatically. A supplier's ERP that generates its
 * acknowledgements (`auto-generated`) is not taken for one.
 */
function automaticOf(headers: Headers): string | undefined {
  const type = headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  if (type?.value?.toLowerCase() === 'multipart/report') {
    const report = (type.params?.['report-type'] ?? '').toLowerCase();
    if (report === 'delivery-status') return 'a delivery status notification (a bounce: the mail it reports on may not have reached the supplier)';
    if (report === 'disposition-notification') return 'a read receipt';
    return `a mail system's report (${report || 'multipart/report'})`;
  }
  const submitted = headerText(headers, 'auto-submitted');
  if (submitted.startsWith('auto-replied')) return 'an automatic reply (Auto-Submitted: auto-replied), such as an out-of-office notice';
  if (headers.has('x-autoreply') || headers.has('x-autorespond')) return 'an automatic reply (X-Autoreply), such as an out-of-office notice';
  return undefined;
}

/** Parses a raw message (charsets and transfer encodings decoded); throws NotAMail for what is not one. */
export async function readMail(raw: Buffer): Promise<ReceivedMail> {
  checkHeader(raw);
  let parsed: Awaited<ReturnType<typeof simpleParser>>;
  try {
    parsed = await simpleParser(raw, { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, skipTextLinks: true });
  } catch (err) {
    throw new NotAMail(`the message could not be parsed as MIME: ${err instanceof Error ? err.message.slice(0, 200) : String(err)}`);
  }
  const from = single(parsed.from);
  if (from.length !== 1) throw new NotAMail(`the From header must name one address; it names ${from.length}`);
  const fromDomain = domainOf(from[0]!);
  if (!fromDomain) throw new NotAMail('the From header is not an email address');
  // The plain part is what the sender wrote; an HTML-only mail is read as a person sees it (hidden parts dropped).
  const body = parsed.text?.trim() ? parsed.text : typeof parsed.html === 'string' ? htmlToText(parsed.html) : '';
  const automatic = automaticOf(parsed.headers);
  const date = parsed.date && !Number.isNaN(parsed.date.getTime()) && parsed.date.getUTCFullYear() > 1990 && parsed.date.getUTCFullYear() < 2200
    ? parsed.date.toISOString() : undefined;
  return {
    messageId: parsed.messageId ? bare(parsed.messageId) : `sha256:${createHash('sha256').update(raw).digest('hex')}`,
    from: from[0]!.toLowerCase(),
    fromDomain,
    subject: (parsed.subject ?? '').slice(0, 998),
    inReplyTo: [...idsOf(parsed.inReplyTo), ...idsOf(parsed.references)],
    ...(date ? { date } : {}),
    text: ownWords(body),
    attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, size: a.size })),
    authenticationResults: parsed.headerLines.filter((h) => h.key === 'authentication-results').map((h) => h.line.replace(/^[^:]*:\s*/, '').replace(/\r?\n[ \t]+/g, ' ')),
    ...(automatic ? { automatic } : {}),
  };
}
