import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import { readMail } from '../../src/mail/read-mail.js';
import { rawMail } from '../support/mail.js';
import { QUOTED_UNIT_PRICE, loadCorpus, withPo } from './corpus.js';

const corpus = loadCorpus();
const PO = 'PO-SKU-1-1';

/** A corpus email as the supplier's mail server sends it: its HTML as an HTML-only mail, the rest as plain text, base64 encoded. */
function asMail(text: string): Buffer {
  const html = /<[a-z!/][^>]*>/i.test(text);
  return rawMail({
    from: 'orders@acme.example', subject: `Re: Purchase order ${PO}`,
    body: {
      headers: [`Content-Type: text/${html ? 'html' : 'plain'}; charset=utf-8`, 'Content-Transfer-Encoding: base64'],
      content: Buffer.from(text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n'),
    },
  });
}

/**
 * Mails whose every word stands below a history mark (a forged forward pasted on top): nothing of
 * them is the supplier's own, so the inbound route holds them for the manager unread.
 */
const ALL_QUOTED = new Set(['fake-approval-forwarded']);

describe('the hostile emails of the injection corpus, sent as mail, are read for their real fields only', () => {
  it.each(corpus.map((e) => [e.id, e] as const))('%s', async (_id, email) => {
    const mail = await readMail(asMail(withPo(email, PO)));
    if (ALL_QUOTED.has(email.id)) {
      expect(mail.text).toBe('');
      return;
    }
    expect(await patternReader.read(mail.text, {}, { unitPrice: QUOTED_UNIT_PRICE, currency: 'USD' })).toEqual(email.expected);
  });
});
