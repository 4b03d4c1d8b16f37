import { createHash, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Logger } from 'pino';
import { HttpError } from '../api/errors.js';
import { receiveMail, refuseTooLarge, type InboundDeps } from './inbound.js';

export interface SmtpListenerOptions extends InboundDeps {
  host: string;
  port: number;
  /** PEM key and certificate for STARTTLS; without them the listener is for a relay on the same host. */
  tls?: { key: Buffer; cert: Buffer };
  logger: Logger;
}

/** An SMTP reply for each refusal the webhook answers with an HTTP status. */
const SMTP_REPLY: Record<number, [number, string]> = {
  400: [550, '5.6.0'], 401: [535, '5.7.8'], 403: [550, '5.7.1'], 404: [550, '5.1.1'], 409: [550, '5.7.0'], 413: [552, '5.3.4'],
};

const smtpError = (code: number, message: string): Error => Object.assign(new Error(message), { responseCode: code });

/**
 * Supplier mail over SMTP, for a relay (the company's MX or a provider's forwarding) that hands
 * mail on by SMTP rather than a webhook. It feeds the webhook's code (receiveMail): the relay signs
 * in with INBOUND_MAIL_SECRET as its password, its Authentication-Results header inside the message
 * (by INBOUND_MAIL_AUTHSERV_ID) is the verdict on the sender, and every refusal is the same one,
 * as an SMTP reply the relay turns into a bounce.
 */
export async function listenSmtp(opts: SmtpListenerOptions): Promise<{ port: number; close: () => Promise<void> }> {
  const secret = createHash('sha256').update(opts.settings.secret).digest();
  const maxBytes = opts.settings.maxBytes;
  const server = new SMTPServer({
    name: 'stock-replenisher', banner: 'supplier mail', logger: false, size: maxBytes,
    authMethods: ['PLAIN', 'LOGIN'], authOptional: false,
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
    onAuth(auth, _session, done) {
      const given = createHash('sha256').update(auth.password ?? '').digest();
      if (timingSafeEqual(given, secret)) done(null, { user: auth.username ?? 'relay' });
      else done(smtpError(535, '5.7.8 the relay must sign in with the inbound mail secret'));
    },
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      });
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        const answer = stream.sizeExceeded
          ? refuseTooLarge(raw, size, false, maxBytes, opts.log).then((reason) => { throw smtpError(552, reason.replace(/^552 /, '')); })
          : receiveMail(raw, undefined, opts).then((taken) => `2.0.0 ${taken.body.status}${taken.body.poNumber ? ` for ${taken.body.poNumber}` : ''}${taken.body.reason ? `: ${taken.body.reason}` : ''}`);
        answer.then((message) => done(null, message), (err: unknown) => {
          if (err instanceof HttpError) {
            const [code, status] = SMTP_REPLY[err.status] ?? [550, '5.0.0'];
            return done(smtpError(code, `${status} ${err.message.replace(/[\r\n]+/g, ' ').slice(0, 400)}`));
          }
          if ((err as { responseCode?: number }).responseCode) return done(err as Error);
          opts.logger.warn({ err }, 'a mail received over SMTP could not be handed on');
          return done(smtpError(451, '4.3.0 the service could not reach a dependency; try again later'));
        });
      });
    },
  });
  server.on('error', (err) => opts.logger.warn({ err }, 'the SMTP listener had an error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
