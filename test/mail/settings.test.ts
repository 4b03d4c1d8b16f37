import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { inboundMailOf, outgoingMailOf } from '../../src/mail/settings.js';

describe('mail settings are checked at start-up', () => {
  const directory = { SUPPLIER_EMAILS: 'acme-industrial:orders@acme.example|acme.example' };

  it('nothing configured: no mail either way, and the service runs as before', () => {
    const { env } = loadConfig({});
    expect(outgoingMailOf(env)).toBeUndefined();
    expect(inboundMailOf(env)).toBeUndefined();
  });

  it('mail out needs a sender and the suppliers\' addresses; mail in needs the addresses; the SMTP URL and the secret are never echoed', () => {
    const { env } = loadConfig({ SMTP_URL: 'smtp://u:pw@relay.example:587', MAIL_FROM: 'purchasing@buyer.example', INBOUND_MAIL_SECRET: 's'.repeat(16), INBOUND_MAIL_AUTHSERV_ID: 'MX.Provider.example', ...directory });
    expect(outgoingMailOf(env)).toEqual({ smtpUrl: 'smtp://u:pw@relay.example:587', from: 'purchasing@buyer.example', directory: { 'acme-industrial': { addresses: ['orders@acme.example'], domains: ['acme.example'] } } });
    expect(inboundMailOf(env)).toMatchObject({ authservId: 'mx.provider.example', maxBytes: 10 * 1024 * 1024 });
    expect(() => loadConfig({ SMTP_URL: 'smtp://relay.example', ...directory })).toThrow(/SMTP_URL needs MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://relay.example', MAIL_FROM: 'p@buyer.example' })).toThrow(/SMTP_URL needs SUPPLIER_EMAILS/);
    expect(() => loadConfig({ INBOUND_MAIL_SECRET: 's'.repeat(16) })).toThrow(/INBOUND_MAIL_SECRET needs SUPPLIER_EMAILS/);
    expect(() => loadConfig({ SMTP_URL: 'http://u:hunter2@relay.example' })).toThrow(/SMTP_URL: expected an smtp:\/\/ or smtps:\/\/ URL \(value hidden\)/);
    expect(() => loadConfig({ INBOUND_MAIL_SECRET: 'hunter2' })).toThrow(/INBOUND_MAIL_SECRET: must be at least 16 characters \(value hidden\)/);
    expect(() => loadConfig({ SUPPLIER_EMAILS: 'acme:orders@acme.example|acme.example,quickparts:@acme.example' })).toThrow(/SUPPLIER_EMAILS: acme.example is given for both acme and quickparts/);
  });
});
