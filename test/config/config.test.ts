import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration is checked at start-up', () => {
  it('no configuration runs the demo: a 20-second business day and the default limits', () => {
    const { env, rules } = loadConfig({});
    expect(env.API_PORT).toBe(3000);
    expect(rules.dayMs).toBe(20_000);
    expect(rules.approvalWaitDays).toBe(3);
    expect(rules.supplierReplyDays).toBe(7);
  });

  it('a real world means real days', () => {
    expect(loadConfig({ WORLD_URL: 'http://erp.local:8080' }).rules.dayMs).toBe(86_400_000);
  });

  it('a bad value names the variable, the problem and what was given', () => {
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_PORT: 'eighty' })).toThrow(/API_PORT: .*\(got "eighty"\)/);
    expect(() => loadConfig({ TEMPORAL_ADDRESS: 'no-port' })).toThrow(/TEMPORAL_ADDRESS: expected host:port/);
    expect(() => loadConfig({ DECIDER: 'oracle' })).toThrow(/DECIDER/);
  });

  it('worker versioning needs both the deployment name and the build id', () => {
    expect(() => loadConfig({ TEMPORAL_DEPLOYMENT_NAME: 'replenisher' })).toThrow(/go together/);
    const { env } = loadConfig({ TEMPORAL_DEPLOYMENT_NAME: 'replenisher', TEMPORAL_BUILD_ID: '2026-11-29.1' });
    expect(env.TEMPORAL_VERSIONING_BEHAVIOR).toBe('AUTO_UPGRADE');
  });
});
