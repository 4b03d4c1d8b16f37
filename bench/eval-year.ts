import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { policyOf, Rules } from '../src/domain/rules.js';
import { deciderFor } from './eval/deciders.js';
import { runAgentYears, StalledDay } from './year/agents.js';
import { classicalYear, oracleYear } from './year/baselines.js';
import { ledgerOf, sumLedgers, type SkuYear } from './year/ledger.js';
import { cardOf, passAtK, seedPasses, yearTable, type PolicyCard, type SeedResult } from './year/scorecard.js';
import { yearWorld, type YearSku, type YearWorld } from './year/scenario.js';

/**
 * `npm run eval:year [-- --quick] [--decider policy|scripted|claude] [--seeds N --skus N --days N]`:
 * a year of buying by the real agents (bench/year/agents.ts) beside a classical (s,S) policy and a
 * perfect-information oracle on the same demand and suppliers (bench/year/baselines.ts), over
 * several seeds; prints the scorecard and saves it under bench/results.
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    decider: { type: 'string', default: 'policy' },
    seeds: { type: 'string' }, skus: { type: 'string' }, days: { type: 'string' },
  },
});
const size = values.quick ? { seeds: 2, skus: 5, days: 90 } : { seeds: 10, skus: 20, days: 365 };
const seeds = Number(values.seeds ?? size.seeds);
const skus = Number(values.skus ?? size.skus);
const days = Number(values.days ?? size.days);
const which = values.decider!;
const policy = policyOf(Rules.parse({}));
const model = { orderCost: policy.orderCost, holdingPctPerYear: policy.holdingCostPctPerYear, lostSaleShare: 1, serviceLevel: policy.serviceLevel };
/** Every unit served sells at this multiple of its reference price, for the profit the anchors compare. */
const SALE_PRICE_FACTOR = 1.5;
const log = (l: string) => console.error(`[eval:year] ${l}`);

const worlds: YearWorld[] = Array.from({ length: seeds }, (_, seed) => yearWorld(seed, skus, days));
const seedOf = (w: YearWorld, yearOf: (s: YearSku) => SkuYear, rulesBroken = 0): SeedResult =>
  ({ seed: w.seed, ledger: sumLedgers(w.skus.map((s) => ledgerOf(s, yearOf(s), model))), rulesBroken });

/** Exit code of a run whose day stalled on the test server (bench/year/agents.ts): not a verdict on the agent. */
const STALLED_EXIT = 3;
const dir = mkdtempSync(join(tmpdir(), 'eval-year-'));
const { decider, close, model: modelName } = await deciderFor(which);
try {
  log(`${seeds} seeds × ${skus} SKUs × ${days} business days, decider ${which}`);
  const agent = await runAgentYears({ worlds, days, decider, dir, log });
  const brokenIn = (w: YearWorld) => agent.rulesBroken.filter((line) => line.includes(`Y${w.seed}-`)).length;
  const cards: PolicyCard[] = [
    cardOf(`agent (${which})`, worlds.map((w) => seedOf(w, (s) => agent.years.get(s.sku)!, brokenIn(w))), {
      managerTouches: { approvals: agent.manager.approvals, handedOver: agent.handedOver },
      turnsPerReplenishment: agent.replenishments ? agent.turns / agent.replenishments : undefined,
      tokensPerReplenishment: agent.tokens === null || !agent.replenishments ? null : agent.tokens / agent.replenishments,
    }),
    cardOf('(s,S), cheapest supplier', worlds.map((w) => seedOf(w, (s) => classicalYear(w, s, model)))),
    cardOf('oracle (perfect information)', worlds.map((w) => seedOf(w, (s) => oracleYear(w, s, model)))),
  ];
  const table = yearTable(cards, { days, skus, fillTarget: model.serviceLevel, salePriceFactor: SALE_PRICE_FACTOR, oracle: cards[2]!, classical: cards[1]! });
  const at = new Date().toISOString();
  const sized = [values.seeds && `--seeds ${seeds}`, values.skus && `--skus ${skus}`, values.days && `--days ${days}`].filter(Boolean).join(' ');
  const command = ['npm run eval:year --', values.quick && '--quick', which !== 'policy' && `--decider ${which}`, sized].filter(Boolean).join(' ');
  const md = [
    `\`${command}\` at ${at}: ${seeds} seeds × ${skus} SKUs × ${days} business days, decider \`${which}\`${modelName ? ` (${modelName})` : ''}; `
      + `${agent.replenishments} replenishments ended; the agents' year took ${Math.round(agent.seconds)} s on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB.`,
    `Costs: ordering ${model.orderCost} an order, holding ${model.holdingPctPerYear} % a year of the reference price, a lost sale its reference price. `
      + 'The oracle knows every day\'s demand and every order\'s fate, and ignores minimum quantities and packs.',
    '',
    table,
    '',
    ...(agent.rulesBroken.length ? ['Rules broken:', ...agent.rulesBroken.map((l) => `- ${l}`), ''] : []),
  ].join('\n');
  console.log(md);
  const out = new URL('./results/', import.meta.url).pathname;
  mkdirSync(out, { recursive: true });
  const name = `eval-year-${sized ? `${seeds}x${skus}x${days}` : values.quick ? 'quick' : 'full'}-${which}`;
  const passes = (c: PolicyCard) => c.seeds.filter((s) => seedPasses(s, model.serviceLevel)).length;
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify({
    command, at, seeds, skus, days, decider: which, model: modelName, seconds: agent.seconds, replenishments: agent.replenishments,
    cards: cards.map((c) => ({ ...c, pass1: passAtK(passes(c), c.seeds.length, 1), pass8: passAtK(passes(c), c.seeds.length, 8) })),
    rulesBroken: agent.rulesBroken,
  }, null, 2)}\n`);
  writeFileSync(join(out, `${name}.md`), md);
  if (agent.rulesBroken.length > 0) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof StalledDay)) throw err;
  console.error(`[eval:year] ${err.message}`);
  process.exitCode = STALLED_EXIT;
} finally {
  await close();
  rmSync(dir, { recursive: true, force: true });
}
