import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { inboundMailOf, outgoingMailOf, smtpListenerOf } from '../../src/mail/settings.js';

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

  it('the SMTP listener needs the secret its relay signs in with, and TLS to listen beyond this host', () => {
    const inbound = { INBOUND_MAIL_SECRET: 's'.repeat(16), ...directory };
    expect(smtpListenerOf(loadConfig({ ...inbound }).env)).toBeUndefined();
    expect(smtpListenerOf(loadConfig({ ...inbound, INBOUND_SMTP_PORT: '2525' }).env)).toEqual({ host: '127.0.0.1', port: 2525 });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525' })).toThrow(/INBOUND_SMTP_PORT needs INBOUND_MAIL_SECRET/);
    expect(() => loadConfig({ ...inbound, INBOUND_SMTP_PORT: '2525', INBOUND_SMTP_HOST: '0.0.0.0' })).toThrow(/INBOUND_SMTP_HOST 0\.0\.0\.0 is beyond this host/);
    expect(() => loadConfig({ ...inbound, INBOUND_SMTP_TLS_CERT: 'cert.pem' })).toThrow(/go together/);
    expect(smtpListenerOf(loadConfig({ ...inbound, INBOUND_SMTP_PORT: '25', INBOUND_SMTP_HOST: '0.0.0.0', INBOUND_SMTP_TLS_CERT: 'c.pem', INBOUND_SMTP_TLS_KEY: 'k.pem' }).env))
      .toEqual({ host: '0.0.0.0', port: 25, tls: { certFile: 'c.pem', keyFile: 'k.pem' } });
  });
});
