import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClaudeDecider } from '../src/activities/deciders/claude.js';
import { withFallback } from '../src/activities/deciders/fallback.js';
import { policyDecider } from '../src/activities/deciders/policy.js';
import { followThePlan, startFakeModel } from '../test/support/fake-model.js';
import type { Decide } from '../test/support/drive.js';
import { rules } from '../test/support/states.js';
import { SCENARIOS } from './eval/scenarios.js';
import { score, type Score, HORIZON_DAYS } from './eval/score.js';

/**
 * `npm run eval:decider -- --decider policy|scripted|claude`: the fixed suite of replenishments
 * (bench/eval/scenarios.ts) run by one decider, scored, printed as a table and saved under
 * bench/results. `scripted` is the Claude decider against the stand-in, which follows the plan and
 * picks the lowest unit price (so it needs no key); `claude` needs ANTHROPIC_API_KEY. Both fall
 * back to the policy, as the service does by default.
 */
const { values } = parseArgs({ options: { decider: { type: 'string', default: 'policy' } } });
const which = values.decider;

async function deciderFor(name: string): Promise<{ decide?: Decide; close: () => Promise<void>; model?: string }> {
  if (name === 'policy') return { close: async () => {} };
  if (name === 'scripted') {
    const fake = await startFakeModel([], { fallback: followThePlan, closeAfterTest: false });
    const claude = createClaudeDecider({ apiKey: 'scripted', model: 'stand-in', baseURL: fake.url, timeoutMs: 10_000 });
    return { decide: withFallback(claude, policyDecider).decide, close: fake.close, model: 'stand-in (follows the plan, lowest unit price)' };
  }
  if (name === 'claude') {
    const apiKey = process.env.ANTHROPIC_API_KEY;
    if (!apiKey) throw new Error('--decider claude needs ANTHROPIC_API_KEY');
    const model = process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-5-5';
    const claude = createClaudeDecider({ apiKey, model, baseURL: process.env.ANTHROPIC_BASE_URL, timeoutMs: 30_000 });
    return { decide: withFallback(claude, policyDecider).decide, close: async () => {}, model };
  }
  throw new Error(`unknown decider ${name}: policy, scripted or claude`);
}

export function table(scores: Score[]): string {
  const cell = (v: number | null, suffix = '') => (v === null ? '—' : `${v}${suffix}`);
  return [
    '| scenario | outcome | cost vs cheapest plan | stock-out days | turns | tokens | refused choices | fallbacks |',
    '|---|---|---|---|---|---|---|---|',
    ...scores.map((s) => `| ${s.scenario} | ${s.outcome} | ${cell(s.costRatio, '×')} | ${s.stockOutDays} | ${s.turns} | ${s.tokens} | ${s.refused} | ${s.fallbacks} |`),
  ].join('\n');
}

const { decide, close, model } = await deciderFor(which);
try {
  const scores: Score[] = [];
  for (const scenario of SCENARIOS) scores.push(await score(scenario, rules(), decide));
  const at = new Date().toISOString();
  const md = [
    `Decider \`${which}\`${model ? ` (${model})` : ''}, \`npm run eval:decider -- --decider ${which}\`, ${at}.`,
    `Cost: the order goods came of against the cheapest valid plan for the same start (— when no goods came). Stock-out days: within ${HORIZON_DAYS} days, goods landing the quote's lead time after the order.`,
    '',
    table(scores),
    '',
  ].join('\n');
  console.log(md);
  const dir = new URL('./results/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `eval-decider-${which}.json`), `${JSON.stringify({ decider: which, model, at, scores }, null, 2)}\n`);
  writeFileSync(join(dir, `eval-decider-${which}.md`), md);
} finally {
  await close();
}
