import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, securityOf } from '../../src/config.js';
import { describeConnection, temporalConnectionOptions } from '../../src/temporal/connection.js';

describe('configuration is checked at start-up', () => {
  it('no configuration runs the demo: a 20-second business day and the default limits', () => {
    const { env, rules } = loadConfig({});
    expect(env.API_PORT).toBe(3000);
    expect(rules.dayMs).toBe(20_000);
    expect(rules.approvalWaitDays).toBe(3);
    expect(rules.supplierReplyDays).toBe(2);
  });

  const signed = { SUPPLIER_SECRETS: 'acme-industrial:acme-secret-0123456789', WAREHOUSE_SECRET: 'warehouse-secret-0123456789' };

  it('approval links: made up in the demo, none with a real world unless signed, built on PUBLIC_URL; the secret is never echoed', () => {
    const demo = securityOf(loadConfig({}).env).security.approvalLinks;
    expect(demo).toMatchObject({ ttlSeconds: 72 * 3600, baseUrl: 'http://127.0.0.1:3000' });
    expect(demo!.secret.length).toBeGreaterThanOrEqual(32);
    expect(securityOf(loadConfig({ WORLD_URL: 'http://erp.local:8080', ...signed }).env).security.approvalLinks).toBeUndefined();
    const secret = 'link-secret-'.padEnd(40, 'x');
    expect(securityOf(loadConfig({ WORLD_URL: 'http://erp.local:8080', ...signed, APPROVAL_LINK_SECRET: secret, PUBLIC_URL: 'https://buy.example.com', APPROVAL_LINK_TTL_HOURS: '2' }).env).security.approvalLinks)
      .toEqual({ secret, ttlSeconds: 7200, baseUrl: 'https://buy.example.com' });
    expect(() => loadConfig({ APPROVAL_LINK_SECRET: 'short-and-secret' })).toThrow(/APPROVAL_LINK_SECRET: must be at least 32 characters \(value hidden\)/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });

  it('Slack: a signing secret needs the managers\' Slack users, written as user:manager pairs', () => {
    const secret = 'slack-signing-secret-0123';
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: secret })).toThrow(/SLACK_SIGNING_SECRET needs SLACK_APPROVERS/);
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: secret, SLACK_APPROVERS: 'dana' })).toThrow(/SLACK_APPROVERS: expected slackUserId:manager pairs/);
    expect(() => loadConfig({ SLACK_SIGNING_SECRET: 'short' })).toThrow(/SLACK_SIGNING_SECRET: .*\(value hidden\)/);
    const { env } = loadConfig({ SLACK_SIGNING_SECRET: secret, SLACK_APPROVERS: 'U024BE7LH:dana, U0G9QF9C6:lee' });
    expect(securityOf(env).security.slack).toEqual({ signingSecret: secret, approvers: { U024BE7LH: 'dana', U0G9QF9C6: 'lee' } });
    expect(securityOf(loadConfig({}).env).security.slack).toBeUndefined();
  });

  it('a real world means real days', () => {
    expect(loadConfig({ WORLD_URL: 'http://erp.local:8080', ...signed }).rules.dayMs).toBe(86_400_000);
  });

  it('a bad value names the variable, the problem and what was given', () => {
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(/API_PORT: .*\(got "eighty"\)/);
    expect(() => loadConfig({ TEMPORAL_ADDRESS: 'no-port' })).toThrow(/TEMPORAL_ADDRESS: expected host:port/);
    expect(() => loadConfig({ DECIDER: 'oracle' })).toThrow(/DECIDER/);
  });

  it('one currency per deployment: US dollars unless CURRENCY names another ISO 4217 code', () => {
    expect(loadConfig({}).rules.currency).toBe('USD');
    expect(loadConfig({ CURRENCY: 'EUR' }).rules.currency).toBe('EUR');
    expect(() => loadConfig({ CURRENCY: 'eur' })).toThrow(/CURRENCY: expected an ISO 4217 code/);
    expect(() => loadConfig({ CURRENCY: 'EURO' })).toThrow(/CURRENCY/);
  });

  it('the purchasing record: PostgreSQL only by a postgres URL, which is never echoed; retention a whole number of days', () => {
    expect(loadConfig({}).env.DATABASE_URL).toBeUndefined();
    expect(loadConfig({}).env.TEMPORAL_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ DATABASE_URL: 'postgresql://app:pw@db:5432/replenisher' }).env.DATABASE_URL).toBe('postgresql://app:pw@db:5432/replenisher');
    const error = (() => { try { loadConfig({ DATABASE_URL: 'mysql://app:s3cret@db/x' }); } catch (err) { return err as Error; } })();
    expect(error!.message).toMatch(/DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL \(value hidden\)/);
    expect(error!.message).not.toContain('s3cret');
    expect(loadConfig({ TEMPORAL_RETENTION_DAYS: '90' }).env.TEMPORAL_RETENTION_DAYS).toBe(90);
    expect(() => loadConfig({ TEMPORAL_RETENTION_DAYS: '0' })).toThrow(/TEMPORAL_RETENTION_DAYS/);
    expect(() => loadConfig({ TEMPORAL_RETENTION_DAYS: '1.5' })).toThrow(/TEMPORAL_RETENTION_DAYS/);
  });

  it('gathering per supplier: off unless SUPPLIER_GATHERING names suppliers, each with a window in hours or a daily cut-off', () => {
    expect(loadConfig({}).rules.gathering).toBeUndefined();
    expect(loadConfig({ SUPPLIER_GATHERING: 'quickparts=8h, acme-industrial=14:00' }).rules.gathering)
      .toEqual({ quickparts: { windowHours: 8 }, 'acme-industrial': { cutoff: '14:00' } });
    expect(loadConfig({ SUPPLIER_GATHERING: 'q=0.5h' }).rules.gathering).toEqual({ q: { windowHours: 0.5 } });
    expect(() => loadConfig({ SUPPLIER_GATHERING: 'quickparts' })).toThrow(/SUPPLIER_GATHERING: expected supplier=<hours>h or supplier=HH:MM/);
    expect(() => loadConfig({ SUPPLIER_GATHERING: 'quickparts=25:00' })).toThrow(/SUPPLIER_GATHERING: quickparts: a cut-off is HH:MM/);
    expect(() => loadConfig({ SUPPLIER_GATHERING: 'quickparts=0h' })).toThrow(/SUPPLIER_GATHERING: quickparts: a window is more than 0/);
    expect(() => loadConfig({ SUPPLIER_GATHERING: 'q=1h,q=2h' })).toThrow(/q is given twice/);
    expect(() => loadConfig({ SUPPLIER_GATHERING: 'quick parts=1h' })).toThrow(/SUPPLIER_GATHERING/);
  });

  it('the approval policy: off unless AUTO_APPROVE_BELOW is set, which needs a monthly budget; the price tolerance is 5 % unless told', () => {
    expect(loadConfig({}).rules.approvalPolicy).toBeUndefined();
    expect(loadConfig({ AUTO_APPROVE_BELOW: '500', BUDGET_PER_MONTH: '20000' }).rules.approvalPolicy)
      .toEqual({ autoApproveBelow: 500, priceTolerancePct: 5, budgetPerMonth: 20_000 });
    expect(loadConfig({ AUTO_APPROVE_BELOW: '500', BUDGET_PER_MONTH: '20000', PRICE_TOLERANCE_PCT: '2.5' }).rules.approvalPolicy?.priceTolerancePct).toBe(2.5);
    expect(() => loadConfig({ AUTO_APPROVE_BELOW: '500' })).toThrow(/AUTO_APPROVE_BELOW needs BUDGET_PER_MONTH/);
    expect(() => loadConfig({ AUTO_APPROVE_BELOW: 'lots', BUDGET_PER_MONTH: '1' })).toThrow(/AUTO_APPROVE_BELOW: .*\(got "lots"\)/);
  });

  it('a consolidated PO\'s limit for approval by rule: AUTO_APPROVE_CONSOLIDATED_BELOW, only beside AUTO_APPROVE_BELOW and never above TWO_APPROVALS_ABOVE', () => {
    const policy = { AUTO_APPROVE_BELOW: '500', BUDGET_PER_MONTH: '20000' };
    expect(loadConfig({ ...policy, AUTO_APPROVE_CONSOLIDATED_BELOW: '8000' }).rules.approvalPolicy?.consolidatedBelow).toBe(8000);
    // Unset, the limit is the domain's default (consolidatedLimitOf), not a copy of it here.
    expect(loadConfig(policy).rules.approvalPolicy).not.toHaveProperty('consolidatedBelow');
    expect(() => loadConfig({ AUTO_APPROVE_CONSOLIDATED_BELOW: '8000' })).toThrow(/AUTO_APPROVE_CONSOLIDATED_BELOW needs AUTO_APPROVE_BELOW/);
    expect(() => loadConfig({ ...policy, AUTO_APPROVE_CONSOLIDATED_BELOW: '8000', TWO_APPROVALS_ABOVE: '5000' })).toThrow(/AUTO_APPROVE_CONSOLIDATED_BELOW is above TWO_APPROVALS_ABOVE/);
  });

  it('who may approve: two managers above TWO_APPROVALS_ABOVE, and each manager\'s approval limit from MANAGER_LIMITS', () => {
    expect(loadConfig({}).rules.twoApprovalsAbove).toBeUndefined();
    expect(loadConfig({ TWO_APPROVALS_ABOVE: '5000' }).rules.twoApprovalsAbove).toBe(5000);
    expect(() => loadConfig({ AUTO_APPROVE_BELOW: '6000', BUDGET_PER_MONTH: '1', TWO_APPROVALS_ABOVE: '5000' })).toThrow(/AUTO_APPROVE_BELOW is above TWO_APPROVALS_ABOVE/);
    const env = loadConfig({ MANAGER_LIMITS: 'dana:5000, lee:50000.5', JWT_SECRET: 'x'.repeat(32), JWT_ISSUER: 'me' }).env;
    expect(securityOf(env).security.managerLimits).toEqual({ dana: 5000, lee: 50000.5 });
    expect(() => loadConfig({ MANAGER_LIMITS: 'dana:lots' })).toThrow(/the approval limit of dana must be a number of at least 0/);
    expect(() => loadConfig({ MANAGER_LIMITS: 'dana' })).toThrow(/expected name:amount pairs/);
    expect(() => loadConfig({ MANAGER_LIMITS: 'dana:1,dana:2' })).toThrow(/dana is given twice/);
  });

  it('the inventory policy: a 95 % service level, ordering at 50 and holding at 25 % a year unless told; nonsense stops start-up naming it', () => {
    expect(loadConfig({}).rules.inventoryPolicy).toEqual({ serviceLevel: 0.95, orderCost: 50, holdingCostPctPerYear: 25 });
    expect(loadConfig({ SERVICE_LEVEL: '0.98', SERVICE_LEVEL_A: '0.99', ORDER_COST: '80', HOLDING_COST_PCT_PER_YEAR: '20' }).rules.inventoryPolicy)
      .toEqual({ serviceLevel: 0.98, serviceLevelByClass: { A: 0.99 }, orderCost: 80, holdingCostPctPerYear: 20 });
    expect(() => loadConfig({ SERVICE_LEVEL: '1' })).toThrow(/SERVICE_LEVEL: a cycle service level is at most 0.999 .*\(got "1"\)/);
    expect(() => loadConfig({ SERVICE_LEVEL: '0.4' })).toThrow(/SERVICE_LEVEL: a cycle service level is above 0.5/);
    expect(() => loadConfig({ SERVICE_LEVEL_B: '95' })).toThrow(/SERVICE_LEVEL_B/);
    expect(() => loadConfig({ ORDER_COST: '-5' })).toThrow(/ORDER_COST: must not be negative/);
    expect(() => loadConfig({ HOLDING_COST_PCT_PER_YEAR: 'lots' })).toThrow(/HOLDING_COST_PCT_PER_YEAR/);
  });

  it('worker versioning needs both the deployment name and the build id', () => {
    expect(() => loadConfig({ TEMPORAL_DEPLOYMENT_NAME: 'replenisher' })).toThrow(/go together/);
    const { env } = loadConfig({ TEMPORAL_DEPLOYMENT_NAME: 'replenisher', TEMPORAL_BUILD_ID: '2026-11-29.1' });
    expect(env.TEMPORAL_VERSIONING_BEHAVIOR).toBe('AUTO_UPGRADE');
  });

  it('a real world without secrets for its messages does not start, and says which are missing', () => {
    expect(() => loadConfig({ WORLD_URL: 'http://erp.local:8080' })).toThrow(/WORLD_URL needs SUPPLIER_SECRETS and WAREHOUSE_SECRET/);
    expect(() => loadConfig({ WORLD_URL: 'http://erp.local:8080', SUPPLIER_SECRETS: signed.SUPPLIER_SECRETS })).toThrow(/WORLD_URL needs WAREHOUSE_SECRET:/);
  });

  it('secrets are read as name:secret pairs, and a bad one is named without showing it', () => {
    const { env } = loadConfig({ MANAGER_TOKENS: 'dana:dana-token-0123456789, lee:lee-token-0123456789:x', ...signed });
    expect(env.MANAGER_TOKENS).toEqual({ dana: 'dana-token-0123456789', lee: 'lee-token-0123456789:x' });
    for (const [name, value] of [['MANAGER_TOKENS', 'dana:tok1'], ['SUPPLIER_SECRETS', 'acme:s1'], ['WAREHOUSE_SECRET', 'w1'], ['JWT_SECRET', 'too-short-for-hs256']]) {
      const error = (() => { try { loadConfig({ [name!]: value }); } catch (err) { return err as Error; } })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error!.message).toMatch(new RegExp(`${name}: .*at least \\d+ characters \\(value hidden\\)`));
      expect(error!.message).not.toContain(value!.split(':').at(-1));
    }
    expect(() => loadConfig({ MANAGER_TOKENS: 'just-a-token-without-a-name' })).toThrow(/MANAGER_TOKENS: expected name:secret pairs/);
    expect(() => loadConfig({ JWT_SECRET: 'x'.repeat(32) })).toThrow(/JWT_SECRET needs JWT_ISSUER/);
  });

  it('a demo run makes up a manager token and its sandbox suppliers\' secrets', () => {
    const { security, generatedManagerToken } = securityOf(loadConfig({}).env, ['acme-industrial', 'quickparts']);
    expect(generatedManagerToken).toMatch(/^[\w-]{32}$/);
    expect(security.managerTokens).toEqual({ manager: generatedManagerToken });
    expect(Object.keys(security.supplierSecrets)).toEqual(['acme-industrial', 'quickparts']);
    expect(security.warehouseSecret.length).toBeGreaterThanOrEqual(32);
    expect(security.rateLimitPerMinute).toBe(300);
    expect(securityOf(loadConfig({}).env).security.warehouseSecret).not.toBe(security.warehouseSecret);
  });

  it('configured secrets are used as given, and nothing is made up', () => {
    const env = loadConfig({ JWT_SECRET: 'j'.repeat(32), JWT_ISSUER: 'https://id.example', JWT_AUDIENCE: 'replenisher', ...signed }).env;
    const { security, generatedManagerToken } = securityOf(env, ['quickparts']);
    expect(generatedManagerToken).toBeNull();
    expect(security.managerTokens).toEqual({});
    expect(security.jwt).toEqual({ secret: 'j'.repeat(32), issuer: 'https://id.example', audience: 'replenisher' });
    expect(security.supplierSecrets).toEqual({ 'acme-industrial': 'acme-secret-0123456789' });
    expect(security.warehouseSecret).toBe('warehouse-secret-0123456789');
  });
});

describe('the edge and the connection to Temporal', () => {
  it('TRUST_PROXY is true/false, a hop count, or addresses and CIDRs; anything else names itself', () => {
    expect(securityOf(loadConfig({ TRUST_PROXY: 'true' }).env).security.trustProxy).toBe(true);
    expect(securityOf(loadConfig({ TRUST_PROXY: '2' }).env).security.trustProxy).toBe(2);
    expect(securityOf(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).env).security.trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(securityOf(loadConfig({}).env).security.trustProxy).toBeUndefined();
    expect(() => loadConfig({ TRUST_PROXY: 'the load balancer' })).toThrow(/TRUST_PROXY: expected true, false, a number of proxy hops.*not one: the load balancer/);
  });

  it('a client certificate needs its key; a certificate file that is not there or not PEM stops the start naming the variable', () => {
    expect(() => loadConfig({ TEMPORAL_TLS_CERT: '/etc/temporal/client.pem' })).toThrow(/TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together/);
    const { env } = loadConfig({ TEMPORAL_TLS_CA: '/nonexistent/ca.pem' });
    expect(() => temporalConnectionOptions(env, 'temporal:7233')).toThrow(/TEMPORAL_TLS_CA: cannot read \/nonexistent\/ca.pem \(ENOENT\)/);
    const notPem = join(mkdtempSync(join(tmpdir(), 'tls-')), 'ca.pem');
    writeFileSync(notPem, 'not a certificate');
    expect(() => temporalConnectionOptions(loadConfig({ TEMPORAL_TLS_CA: notPem }).env, 'temporal:7233')).toThrow(/TEMPORAL_TLS_CA: .* is not a PEM file/);
  });

  it('an API key alone means TLS with the system\'s roots, as Temporal Cloud expects; nothing configured is plain', () => {
    const cloud = temporalConnectionOptions(loadConfig({ TEMPORAL_API_KEY: 'key-of-this-test' }).env, 'ns.acct.tmprl.cloud:7233');
    expect(cloud).toEqual({ address: 'ns.acct.tmprl.cloud:7233', tls: true, apiKey: 'key-of-this-test' });
    expect(describeConnection(cloud)).toBe('ns.acct.tmprl.cloud:7233 (TLS, API key)');
    expect(temporalConnectionOptions(loadConfig({}).env, 'localhost:7233')).toEqual({ address: 'localhost:7233' });
    expect(() => loadConfig({ TEMPORAL_API_KEY: '' })).toThrow(/TEMPORAL_API_KEY: .*\(value hidden\)/);
  });
});
