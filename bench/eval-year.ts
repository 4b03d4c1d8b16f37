import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Env } from '../src/config.js';
import { policyOf, Rules } from '../src/domain/rules.js';
import { deciderFor } from './eval/deciders.js';
import { runAgentYears, StalledDay, type AgentYear } from './year/agents.js';
import { classicalYear, oracleYear } from './year/baselines.js';
import { ledgerOf, sumLedgers, type SkuYear } from './year/ledger.js';
import { BUSINESS_DAYS_A_MONTH, monthsOf } from './year/months.js';
import { cardOf, monthTable, passAtK, seedPasses, yearTable, type PolicyCard, type SeedResult } from './year/scorecard.js';
import { gatheringIn, ROLES, yearWorld, type YearSku, type YearWorld } from './year/scenario.js';

/**
 * `npm run eval:year [-- --quick] [--decider policy|scripted|claude] [--seeds N --skus N --days N] [--gathering SPEC]`:
 * a year of buying by the real agents (bench/year/agents.ts) beside a classical (s,S) policy and a
 * perfect-information oracle on the same demand and suppliers (bench/year/baselines.ts), over
 * several seeds; prints the scorecard and the year month by month, and saves them under bench/results.
 * `--gathering` takes SUPPLIER_GATHERING's form with a role for a name (`cheap=120h,mid=14:00`:
 * that supplier of every seed; `gatheringIn`) and runs the agents' year twice on the same worlds,
 * buying alone and then gathering, for a column each.
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    decider: { type: 'string', default: 'policy' },
    seeds: { type: 'string' }, skus: { type: 'string' }, days: { type: 'string' },
    gathering: { type: 'string' },
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
const gathering = values.gathering === undefined ? undefined : Env.shape.SUPPLIER_GATHERING.safeParse(values.gathering);
if (gathering && (!gathering.success || !gathering.data)) {
  throw new Error(`--gathering ${values.gathering}: ${gathering.error?.issues[0]?.message ?? 'names no supplier'}`);
}
const unknown = Object.keys(gathering?.data ?? {}).filter((name) => worlds.every((w) => Object.keys(gatheringIn(w, { [name]: 0 })).length === 0));
if (unknown.length > 0) throw new Error(`--gathering names ${unknown.join(', ')}: neither a role (${ROLES.join(', ')}) nor a supplier of these worlds (${worlds.flatMap((w) => w.suppliers).join(', ')})`);
const seedOf = (w: YearWorld, yearOf: (s: YearSku) => SkuYear, rulesBroken = 0): SeedResult =>
  ({ seed: w.seed, ledger: sumLedgers(w.skus.map((s) => ledgerOf(s, yearOf(s), model))), rulesBroken });

/** Exit code of a run whose day stalled on the test server (bench/year/agents.ts): not a verdict on the agent. */
const STALLED_EXIT = 3;
const dir = mkdtempSync(join(tmpdir(), 'eval-year-'));
const { decider, close, model: modelName } = await deciderFor(which);
try {
  log(`${seeds} seeds × ${skus} SKUs × ${days} business days, decider ${which}`);
  const runs: Array<{ name: string; year: AgentYear }> = [{ name: `agent (${which})`, year: await runAgentYears({ worlds, days, decider, dir: join(dir, 'alone'), log }) }];
  if (gathering?.data) {
    log(`again, gathering ${values.gathering}`);
    runs.push({ name: `agent (${which}), gathering ${values.gathering}`, year: await runAgentYears({ worlds, days, decider, dir: join(dir, 'gathering'), log, gathering: gathering.data }) });
  }
  const allOrders = (yearOf: (s: YearSku) => SkuYear) => worlds.flatMap((w) => w.skus.flatMap((s) => yearOf(s).orders));
  const agentCard = ({ name, year }: (typeof runs)[number]) => {
    const brokenIn = (w: YearWorld) => year.rulesBroken.filter((line) => line.includes(`Y${w.seed}-`)).length;
    return cardOf(name, worlds.map((w) => seedOf(w, (s) => year.years.get(s.sku)!, brokenIn(w))), {
      managerTouches: { approvalsAsked: year.approvalsAsked.length, handedOver: year.handedOver.length },
      months: monthsOf(days, allOrders((s) => year.years.get(s.sku)!), model.orderCost, year),
      turnsPerReplenishment: year.replenishments ? year.turns / year.replenishments : undefined,
      tokensPerReplenishment: year.tokens === null || !year.replenishments ? null : year.tokens / year.replenishments,
    });
  };
  const baselineCard = (name: string, yearOf: (w: YearWorld, s: YearSku) => SkuYear) => {
    const years = new Map(worlds.flatMap((w) => w.skus.map((s) => [s.sku, yearOf(w, s)] as const)));
    return cardOf(name, worlds.map((w) => seedOf(w, (s) => years.get(s.sku)!)), { months: monthsOf(days, allOrders((s) => years.get(s.sku)!), model.orderCost) });
  };
  const classical = baselineCard('(s,S), cheapest supplier', (w, s) => classicalYear(w, s, model));
  const oracle = baselineCard('oracle (perfect information)', (w, s) => oracleYear(w, s, model));
  const cards: PolicyCard[] = [...runs.map(agentCard), classical, oracle];
  const table = yearTable(cards, { days, skus, fillTarget: model.serviceLevel, salePriceFactor: SALE_PRICE_FACTOR, oracle, classical });
  const rulesBroken = runs.flatMap((r) => r.year.rulesBroken.map((l) => (runs.length > 1 ? `${r.name}: ${l}` : l)));
  const at = new Date().toISOString();
  const sized = [values.seeds && `--seeds ${seeds}`, values.skus && `--skus ${skus}`, values.days && `--days ${days}`].filter(Boolean).join(' ');
  const command = ['npm run eval:year --', values.quick && '--quick', which !== 'policy' && `--decider ${which}`, sized, gathering && `--gathering ${values.gathering}`].filter(Boolean).join(' ');
  const took = runs.map((r) => `${Math.round(r.year.seconds)} s${runs.length > 1 ? ` (${r.name})` : ''}`).join(', ');
  const md = [
    `\`${command}\` at ${at}: ${seeds} seeds × ${skus} SKUs × ${days} business days, decider \`${which}\`${modelName ? ` (${modelName})` : ''}; `
      + `${runs.map((r) => r.year.replenishments).join(' and ')} replenishments ended; the agents' year took ${took} on ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB.`,
    `Costs: ordering ${model.orderCost} an order (a consolidated PO once) and the freight paid, holding ${model.holdingPctPerYear} % a year of the reference price, a lost sale its reference price. `
      + 'The oracle knows every day\'s demand and every order\'s fate, and ignores minimum quantities and packs.',
    '',
    table,
    '',
    `Month by month (${BUSINESS_DAYS_A_MONTH} business days), summed over the ${seeds} seeds: orders at suppliers, ordering cost, and the manager's approvals asked and messages handed over.`,
    '',
    monthTable(cards, { days }),
    '',
    ...(rulesBroken.length ? ['Rules broken:', ...rulesBroken.map((l) => `- ${l}`), ''] : []),
  ].join('\n');
  console.log(md);
  const out = new URL('./results/', import.meta.url).pathname;
  mkdirSync(out, { recursive: true });
  // `--gathering mid=72h,cheap=14:00` names its results …-gathering-mid72h-cheap1400.
  const gatheringTag = gathering ? `-gathering-${values.gathering!.replace(/[=:]/g, '').replace(/,/g, '-')}` : '';
  const name = `eval-year-${sized ? `${seeds}x${skus}x${days}` : values.quick ? 'quick' : 'full'}-${which}${gatheringTag}`;
  const passes = (c: PolicyCard) => c.seeds.filter((s) => seedPasses(s, model.serviceLevel)).length;
  writeFileSync(join(out, `${name}.json`), `${JSON.stringify({
    command, at, seeds, skus, days, decider: which, model: modelName, gathering: gathering?.data,
    runs: runs.map((r) => ({ policy: r.name, seconds: r.year.seconds, replenishments: r.year.replenishments })),
    cards: cards.map((c) => ({ ...c, pass1: passAtK(passes(c), c.seeds.length, 1), pass8: passAtK(passes(c), c.seeds.length, 8) })),
    rulesBroken,
  }, null, 2)}\n`);
  writeFileSync(join(out, `${name}.md`), md);
  if (rulesBroken.length > 0) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof StalledDay)) throw err;
  console.error(`[eval:year] ${err.message}`);
  process.exitCode = STALLED_EXIT;
} finally {
  await close();
  rmSync(dir, { recursive: true, force: true });
}
