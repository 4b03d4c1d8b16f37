import { z } from 'zod';
import { parseDirectory, type SupplierDirectory } from './directory.js';

/** The largest message the inbound route takes by default: a mail with a 20 MB attachment is bounced. */
export const INBOUND_MAIL_MAX_BYTES = 10 * 1024 * 1024;
const HARD_MAX_BYTES = 50 * 1024 * 1024;

/** Mail settings, part of the service's configuration (src/config.ts). */
export const MAIL_ENV = {
  /** SMTP transport for mail to suppliers: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'expected an smtp:// or smtps:// URL' }).optional(),
  /** The address the agent's mail comes from; suppliers' replies to it reach the inbound route. */
  MAIL_FROM: z.email({ error: 'expected an email address, e.g. purchasing@yourcompany.example' }).optional(),
  /** `supplier:address|domain,…`: where each supplier is written to, and which senders are it. */
  SUPPLIER_EMAILS: z.string().transform((raw, ctx): SupplierDirectory => {
    const parsed = parseDirectory(raw);
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  }).optional(),
  /** The inbound-parse webhook's shared secret (Authorization: Bearer, or the password of Basic). */
  INBOUND_MAIL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The mail provider's authserv-id: its Authentication-Results headers inside a message are believed. */
  INBOUND_MAIL_AUTHSERV_ID: z.string().trim().min(1).max(255).optional(),
  /** An SMTP listener for a relay that hands mail on by SMTP; unset, none. */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  /** PEM files for the listener's STARTTLS; needed when it listens beyond this host. */
  INBOUND_SMTP_TLS_CERT: z.string().min(1).optional(),
  INBOUND_SMTP_TLS_KEY: z.string().min(1).optional(),
  INBOUND_MAIL_MAX_BYTES: z.coerce.number().int().min(1024).max(HARD_MAX_BYTES, `must be at most ${HARD_MAX_BYTES}`).default(INBOUND_MAIL_MAX_BYTES),
};
export const MailEnv = z.object(MAIL_ENV);
export type MailEnv = z.infer<typeof MailEnv>;
/** Never echoed in a configuration error: a URL may carry a password. */
export const MAIL_SECRETS = ['SMTP_URL', 'INBOUND_MAIL_SECRET'] as const;

export interface OutgoingMailSettings { smtpUrl: string; from: string; directory: SupplierDirectory }
export interface InboundMailSettings {
  secret: string;
  directory: SupplierDirectory;
  authservId?: string;
  maxBytes: number;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** Why the mail settings do not hold together, or null. */
export function mailConfigProblem(env: MailEnv): string | null {
  if (env.SMTP_URL && !env.MAIL_FROM) return 'SMTP_URL needs MAIL_FROM: the address the agent\'s mail to suppliers comes from';
  if (env.SMTP_URL && !env.SUPPLIER_EMAILS) return 'SMTP_URL needs SUPPLIER_EMAILS: the addresses the agent writes to';
  if (env.INBOUND_MAIL_SECRET && !env.SUPPLIER_EMAILS) return 'INBOUND_MAIL_SECRET needs SUPPLIER_EMAILS: mail is only taken from a supplier\'s registered address or domain';
  if (env.INBOUND_SMTP_PORT !== undefined && !env.INBOUND_MAIL_SECRET) return 'INBOUND_SMTP_PORT needs INBOUND_MAIL_SECRET: the relay signs in with it';
  if ((env.INBOUND_SMTP_TLS_CERT === undefined) !== (env.INBOUND_SMTP_TLS_KEY === undefined)) return 'INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY go together: the certificate and its key, or neither';
  if (env.INBOUND_SMTP_PORT !== undefined && !env.INBOUND_SMTP_TLS_CERT && !LOOPBACK.has(env.INBOUND_SMTP_HOST)) {
    return `INBOUND_SMTP_HOST ${env.INBOUND_SMTP_HOST} is beyond this host: the relay's password would cross the network in clear; set INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY`;
  }
  return null;
}

export const outgoingMailOf = (env: MailEnv): OutgoingMailSettings | undefined =>
  (env.SMTP_URL && env.MAIL_FROM && env.SUPPLIER_EMAILS ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, directory: env.SUPPLIER_EMAILS } : undefined);

export const inboundMailOf = (env: MailEnv): InboundMailSettings | undefined =>
  (env.INBOUND_MAIL_SECRET && env.SUPPLIER_EMAILS ? {
    secret: env.INBOUND_MAIL_SECRET, directory: env.SUPPLIER_EMAILS, maxBytes: env.INBOUND_MAIL_MAX_BYTES,
    ...(env.INBOUND_MAIL_AUTHSERV_ID ? { authservId: env.INBOUND_MAIL_AUTHSERV_ID.toLowerCase() } : {}),
  } : undefined);

export interface SmtpListenerSettings { host: string; port: number; tls?: { certFile: string; keyFile: string } }

export const smtpListenerOf = (env: MailEnv): SmtpListenerSettings | undefined =>
  (env.INBOUND_SMTP_PORT !== undefined && env.INBOUND_MAIL_SECRET ? {
    host: env.INBOUND_SMTP_HOST, port: env.INBOUND_SMTP_PORT,
    ...(env.INBOUND_SMTP_TLS_CERT && env.INBOUND_SMTP_TLS_KEY ? { tls: { certFile: env.INBOUND_SMTP_TLS_CERT, keyFile: env.INBOUND_SMTP_TLS_KEY } } : {}),
  } : undefined);
