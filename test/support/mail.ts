import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { eventually } from './stack.js';
import type { Cleanup } from './sandbox.js';

/** A mail the local SMTP server took: its envelope and the message as parsed. */
export interface Delivered { from: string; to: string[]; raw: Buffer; parsed: ParsedMail }

/**
 * A real SMTP server on a loopback port, the receiving side of the agent's mail to suppliers: the
 * service's nodemailer transport talks SMTP to it as it would to a company's relay.
 */
export async function startSmtpSink(cleanup: Cleanup) {
  const received: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((parsed) => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  cleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The first mail matching `ok`, once it has arrived. */
    async next(ok: (m: Delivered) => boolean, what: string): Promise<Delivered> {
      return (await eventually(async () => received.find(ok), (m) => m !== undefined, 30_000, what))!;
    },
  };
}

export interface MailParts {
  from: string;
  subject: string;
  text?: string;
  /** Extra header lines, as written (`In-Reply-To: <…>`). */
  headers?: string[];
  /** A raw body with its own Content-Type header lines (for charsets, HTML, multipart). */
  body?: { headers: string[]; content: string };
  messageId?: string;
}

let counter = 0;

/** An RFC 822 message as a supplier's mail server would hand it over, CRLF line ends. */
export function rawMail(m: MailParts): Buffer {
  counter += 1;
  const lines = [
    `From: ${m.from}`, 'To: purchasing@buyer.example', `Subject: ${m.subject}`, 'Date: Tue, 10 Nov 2026 09:30:00 +0100',
    `Message-ID: <${m.messageId ?? `${process.pid}.${counter}.${Date.now()}@supplier.example`}>`, 'MIME-Version: 1.0',
    ...(m.headers ?? []),
    ...(m.body ? m.body.headers : ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit']),
    '',
    m.body ? m.body.content : (m.text ?? ''),
  ];
  return Buffer.from(lines.join('\r\n').replace(/\r?\n/g, '\r\n'), 'utf8');
}

/** The provider's verdict on a sender's domain, as its Authentication-Results header says it. */
export const verdict = (domain: string, result: 'pass' | 'fail' | 'softfail' = 'pass', authserv = 'mx.provider.example') =>
  `${authserv}; spf=${result} smtp.mailfrom=bounces@${domain}; dkim=${result} header.d=${domain} header.s=s1`;
