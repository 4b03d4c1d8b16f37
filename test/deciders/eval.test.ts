import { describe, expect, it } from 'vitest';
import { createClaudeDecider } from '../../src/activities/deciders/claude.js';
import { withFallback } from '../../src/activities/deciders/fallback.js';
import { policyDecider } from '../../src/activities/deciders/policy.js';
import { SCENARIOS } from '../../bench/eval/scenarios.js';
import { score, type Score } from '../../bench/eval/score.js';
import { followThePlan, startFakeModel } from '../support/fake-model.js';
import { rules } from '../support/states.js';

const byName = (scores: Score[]) => Object.fromEntries(scores.map((s) => [s.scenario, s]));

describe('the evaluation of deciders', () => {
  it('scores the policy on every scenario: the cheapest plan where goods came, and the shelf empty only where the world let it down', async () => {
    const scores = byName(await Promise.all(SCENARIOS.map((s) => score(s, rules()))));
    expect(Object.keys(scores)).toHaveLength(SCENARIOS.length);
    expect(scores.plain).toMatchObject({ outcome: 'received', costRatio: 1, stockOutDays: 0, tokens: 0, refused: 0 });
    expect(scores['MOQ trap']).toMatchObject({ outcome: 'received', costRatio: 1 });
    expect(scores['tight stock-out date']).toMatchObject({ outcome: 'received', stockOutDays: 0 });
    expect(scores['price rise during approval']!.costRatio).toBeGreaterThan(1);
    expect(scores['stock recovering']).toMatchObject({ outcome: 'cancelled', costRatio: null, stockOutDays: 0 });
    // A supplier that lets the order down is replaced by the next one, dearer, within the same replenishment.
    expect(scores['refused order']).toMatchObject({ outcome: 'received', stockOutDays: 0 });
    expect(scores['refused order']!.costRatio).toBeGreaterThan(1);
    expect(scores['silent supplier']).toMatchObject({ outcome: 'received' });
    expect(scores['silent supplier']!.costRatio).toBeGreaterThan(1);
    // Six days of silence (two-day waits, two chases) still empty the shelf, for days, not weeks.
    expect(scores['silent supplier']!.stockOutDays).toBeGreaterThan(0);
    expect(scores['silent supplier']!.stockOutDays).toBeLessThan(5);
  });

  it('tells a worse buyer apart: the stand-in that takes the lowest unit price falls into the MOQ trap and runs out on a tight date, and its tokens are counted', async () => {
    const fake = await startFakeModel([], { fallback: followThePlan });
    const decide = withFallback(createClaudeDecider({ apiKey: 'scripted', model: 'stand-in', baseURL: fake.url, timeoutMs: 5_000 }), policyDecider).decide;
    const scores: Score[] = [];
    for (const name of ['plain', 'MOQ trap', 'tight stock-out date']) scores.push(await score(SCENARIOS.find((s) => s.name === name)!, rules(), decide));
    const s = byName(scores);
    expect(s.plain).toMatchObject({ outcome: 'received', costRatio: 1, refused: 0, fallbacks: 0 });
    expect(s.plain!.tokens).toBeGreaterThan(10_000);
    expect(s['MOQ trap']!.costRatio).toBeGreaterThan(5);
    expect(s['tight stock-out date']!.stockOutDays).toBeGreaterThan(5);
  });
});
