import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { deciderFor } from './eval/deciders.js';
import { rules } from '../test/support/states.js';
import { SCENARIOS } from './eval/scenarios.js';
import { score, type Score, HORIZON_DAYS } from './eval/score.js';

/**
 * `npm run eval:decider -- --decider policy|scripted|claude`: the fixed suite of replenishments
 * (bench/eval/scenarios.ts) run by one decider (bench/eval/deciders.ts), scored, printed as a
 * table and saved under bench/results.
 */
const { values } = parseArgs({ options: { decider: { type: 'string', default: 'policy' } } });
const which = values.decider;

export function table(scores: Score[]): string {
  const cell = (v: number | null, suffix = '') => (v === null ? '—' : `${v}${suffix}`);
  return [
    '| scenario | outcome | cost vs cheapest plan | stock-out days | turns | tokens | refused choices | fallbacks |',
    '|---|---|---|---|---|---|---|---|',
    ...scores.map((s) => `| ${s.scenario} | ${s.outcome} | ${cell(s.costRatio, '×')} | ${s.stockOutDays} | ${s.turns} | ${s.tokens} | ${s.refused} | ${s.fallbacks} |`),
  ].join('\n');
}

const { decider, close, model } = await deciderFor(which);
// The policy runs in the loop itself; any other decider is asked as the activity would ask it.
const decide = which === 'policy' ? undefined : decider.decide;
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
