import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { selectDecider } from '../../src/activities/deciders/select.js';
import { ConfigError, loadConfig } from '../../src/config.js';

function select(vars: Record<string, string>) {
  const info = vi.fn();
  const decider = selectDecider(loadConfig(vars).env, { info } as unknown as Logger);
  return { decider: decider.name, said: String(info.mock.calls.at(-1)?.at(-1)), logged: JSON.stringify(info.mock.calls) };
}

describe('which decider runs', () => {
  it('is the policy when no key is set, and start-up says so', () => {
    expect(select({})).toMatchObject({ decider: 'policy', said: 'decider: policy (no ANTHROPIC_API_KEY set)' });
  });

  it('is Claude when a key is set and DECIDER is not, with the default model, and the key is never logged', () => {
    const { decider, said, logged } = select({ ANTHROPIC_API_KEY: 'sk-ant-secret' });
    expect(decider).toBe('claude');
    expect(said).toBe('decider: claude (ANTHROPIC_API_KEY is set), model claude-sonnet-5-5, falling back to the policy');
    expect(logged).not.toContain('sk-ant-secret');
  });

  it('follows DECIDER over the presence of a key', () => {
    expect(select({ DECIDER: 'policy', ANTHROPIC_API_KEY: 'sk' }).decider).toBe('policy');
    expect(select({ DECIDER: 'claude', ANTHROPIC_API_KEY: 'sk', ANTHROPIC_MODEL: 'claude-haiku-5-5' }))
      .toMatchObject({ decider: 'claude', said: 'decider: claude (DECIDER=claude), model claude-haiku-5-5, falling back to the policy' });
  });

  it('falls back to the policy unless DECIDER_FALLBACK=manager, and rejects any other value', () => {
    expect(select({ ANTHROPIC_API_KEY: 'sk', DECIDER_FALLBACK: 'manager' }).said).toMatch(/falling back to the manager$/);
    expect(loadConfig({}).env.DECIDER_FALLBACK).toBe('policy');
    expect(() => loadConfig({ DECIDER_FALLBACK: 'coin' })).toThrow(/DECIDER_FALLBACK/);
  });

  it('refuses to start with DECIDER=claude and no key, saying what is missing', () => {
    expect(() => loadConfig({ DECIDER: 'claude' })).toThrow(ConfigError);
    expect(() => loadConfig({ DECIDER: 'claude' })).toThrow(/DECIDER=claude needs ANTHROPIC_API_KEY/);
  });

  it('reads the timeout, base URL and token budget, and rejects nonsense', () => {
    const { env } = loadConfig({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:4500', ANTHROPIC_TIMEOUT_MS: '1000', TOKEN_BUDGET: '50000' });
    expect(env).toMatchObject({ ANTHROPIC_BASE_URL: 'http://127.0.0.1:4500', ANTHROPIC_TIMEOUT_MS: 1000, TOKEN_BUDGET: 50000 });
    expect(loadConfig({}).env.ANTHROPIC_TIMEOUT_MS).toBe(30_000);
    expect(loadConfig({}).env.TOKEN_BUDGET).toBeUndefined();
    expect(() => loadConfig({ TOKEN_BUDGET: '-5' })).toThrow(/TOKEN_BUDGET/);
    expect(() => loadConfig({ ANTHROPIC_BASE_URL: 'not a url' })).toThrow(/ANTHROPIC_BASE_URL/);
  });
});
