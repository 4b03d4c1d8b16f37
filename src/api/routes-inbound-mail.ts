import { timingSafeEqual, createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { World } from '../domain/world.js';
import { receiveMail, refuseTooLarge } from '../mail/inbound.js';
import { MAIL_STATUSES, MailLog } from '../mail/log.js';
import type { InboundMailSettings } from '../mail/settings.js';
import type { PurchaseRecords } from '../records/store.js';
import type { Agents } from './agents.js';
import { HttpError, logDamaged } from './errors.js';
import { refused, SpoDelivered } from './responses.js';
import type { Api } from './schemas.js';

export const INBOUND_MAIL_PATH = '/inbound-mail';
/** What became of each mail received: apart from the webhook, which only the provider calls. */
export const MAIL_LOG_PATH = '/inbound-mail/log';
/** Bytes read past the limit before the connection is dropped: the sender still gets its bounce. */
const DRAIN_BYTES = 100 * 1024 * 1024;

const Attachment = z.object({ filename: z.string().nullable(), contentType: z.string(), size: z.number().int() });
const MailTaken = z.object({
  status: z.enum(['delivered', 'held', 'duplicate', 'queued', 'held for the manager'])
    .describe('delivered, held (until the order is placed), duplicate or queued: as the JSON route answers; held for the manager: no PO could be told, or no agent works on it'),
  mailId: z.string().describe('sha256 of the message: its entry in GET /inbound-mail/log'),
  poNumber: z.string().nullable(), workflowId: z.string().optional(), reason: z.string().optional(),
  lines: SpoDelivered.shape.lines.optional().describe('a mail naming a consolidated PO (SPO-…): what each of its lines answered, as the JSON route lists them'),
  attachments: z.array(Attachment).describe('listed, never opened'),
});
const MailEntry = z.object({
  id: z.string(), messageId: z.string().nullable(), receivedAt: z.string(), status: z.enum(MAIL_STATUSES), reason: z.string(),
  from: z.string().nullable(), supplier: z.string().nullable(), poNumber: z.string().nullable(), subject: z.string().nullable(),
  sizeBytes: z.number().int(), attachments: z.array(Attachment), text: z.string().nullable(), attempts: z.number().int(),
});
const LIMIT = 'limit is a whole number from 1 to 500';
const MailListQuery = z.object({
  status: z.enum(MAIL_STATUSES).optional().describe('held: waiting for the manager; refused: bounced with a reason; delivered: reached a run'),
  limit: z.coerce.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(500, LIMIT).default(100),
}).strict();

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** The webhook's shared secret, as a bearer token or as the password of Basic credentials. */
function secretGiven(req: FastifyRequest): string | undefined {
  const auth = req.headers.authorization ?? '';
  const bearer = /^Bearer +(\S+) *$/i.exec(auth)?.[1];
  if (bearer) return bearer;
  const basic = /^Basic +([A-Za-z0-9+/=]+) *$/i.exec(auth)?.[1];
  if (!basic) return undefined;
  const decoded = Buffer.from(basic, 'base64').toString('utf8');
  return decoded.includes(':') ? decoded.slice(decoded.indexOf(':') + 1) : undefined;
}

/**
 * Supplier mail as mail providers deliver it (an inbound-parse webhook POSTing the raw RFC 822
 * message), and the log of what became of each. The reading and the judgement are the JSON route's
 * (src/mail/inbound.ts); this file is the door.
 */
export function inboundMailRoutes(app: Api, agents: Agents, world: World, records: PurchaseRecords, settings: InboundMailSettings | undefined, manager?: string): void {
  const log = new MailLog(records.db);
  const maxBytes = settings?.maxBytes ?? 0;
  const secret = settings ? digest(settings.secret) : undefined;

  app.register(async (scope) => {
    // The message as it came: read here, up to the limit; a larger one is bounced with its reason and recorded.
    scope.addContentTypeParser('message/rfc822', async (_req: FastifyRequest, payload: Readable) => {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        size += (chunk as Buffer).length;
        if (size <= maxBytes) chunks.push(chunk as Buffer);
        else if (size > maxBytes + DRAIN_BYTES) break;
      }
      const raw = Buffer.concat(chunks);
      if (size <= maxBytes) return raw;
      const reason = await refuseTooLarge(raw, size, size > maxBytes + DRAIN_BYTES, maxBytes, log);
      throw new HttpError(413, reason);
    });

    scope.post(INBOUND_MAIL_PATH, {
      config: { auth: 'none' },
      // The parser above enforces the mail limit with a bounce reason; fastify's must not cut in first.
      bodyLimit: maxBytes + DRAIN_BYTES + 1,
      schema: {
        summary: 'A supplier\'s email, as a mail provider\'s inbound-parse webhook delivers it (the raw RFC 822 message)',
        description: 'Content-Type: message/rfc822. The webhook authenticates with the shared secret INBOUND_MAIL_SECRET '
          + '(Authorization: Bearer <secret>, or as the password of Basic credentials) and may carry the provider\'s SPF/DKIM/DMARC verdict '
          + 'in an Authentication-Results header. The sender must be a supplier\'s registered address or domain and pass SPF, DKIM or DMARC for it. '
          + 'The PO is the one the mail answers (In-Reply-To/References of the agent\'s mail) or names (PO-…); a mail without one is held for the manager. '
          + 'A mail naming one consolidated PO (SPO-…) and no other PO is a reply to it, delivered to every line as POST /purchase-orders/{po}/supplier-replies delivers one. '
          + 'Its own words (quoted history cut) are delivered as POST /purchase-orders/{po}/supplier-replies delivers a reply.',
        tags: ['purchase orders'],
        security: [{ inboundMailSecret: [] }],
        consumes: ['message/rfc822'],
        // The bytes as they came; the parser above reads them, and readMail says what is wrong with them.
        body: z.any().describe('the raw RFC 822 message, as the provider received it'),
        response: {
          202: MailTaken.describe('delivered to the agent, or held for the manager'), 200: MailTaken.describe('a repeat of a mail already delivered'),
          400: refused('not an RFC 822 message: empty, no header, no From, or a header past its bounds'),
          401: refused('no valid webhook secret, or inbound mail is not configured'),
          403: refused('the sender is not a registered supplier address, is not authenticated (SPF/DKIM/DMARC), or the PO was sent to another supplier'),
          409: refused('the PO is not waiting for a reply'),
          413: refused('the message is larger than the limit: the reason is the bounce to send back'),
          415: refused('the body is not a message (Content-Type: message/rfc822)'),
        },
      },
      onRequest: async (req) => {
        if (!secret) throw new HttpError(401, 'inbound mail is not configured on this service (INBOUND_MAIL_SECRET)', { 'www-authenticate': 'Bearer realm="inbound-mail"' });
        const given = secretGiven(req);
        if (!given || !timingSafeEqual(digest(given), secret)) {
          throw new HttpError(401, 'this webhook needs the inbound mail secret: Authorization: Bearer <secret>', { 'www-authenticate': 'Bearer realm="inbound-mail"' });
        }
      },
    }, async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw new HttpError(415, 'the body must be the raw message (Content-Type: message/rfc822)');
      const verdict = req.headers['authentication-results'];
      const taken = await receiveMail(req.body, typeof verdict === 'string' ? verdict : undefined, {
        agents, world, log, records, settings: settings!, ...(manager ? { manager } : {}),
        noticeFailed: (err) => req.log.warn({ err }, 'the manager could not be told of a held supplier mail; it is in the mail log'),
      });
      return reply.code(taken.code).send(taken.body);
    });
  });

  app.get(MAIL_LOG_PATH, {
    config: { auth: 'manager' },
    schema: {
      summary: 'Supplier mail received, newest first: held for the manager, refused with its bounce reason, or delivered', tags: ['purchase orders'],
      querystring: MailListQuery,
      response: { 200: z.object({ items: z.array(MailEntry) }), 401: refused('no valid manager token') },
    },
  }, async (req) => ({ items: await log.list(req.query.status, req.query.limit, logDamaged(req)) }));
}
