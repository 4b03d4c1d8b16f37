import { cycleServiceLevel, fillRate, sumLedgers, type Ledger } from './ledger.js';
import { BUSINESS_DAYS_A_MONTH, type Month } from './months.js';

/**
 * The year's scorecard: per policy, its ledgers summed over every SKU and seed, what it costs beside
 * the oracle's, and how consistently it met its aim over the seeds (τ-bench's pass^k).
 */

export interface SeedResult { seed: number; ledger: Ledger; rulesBroken: number }

export interface PolicyCard {
  policy: string;
  seeds: SeedResult[];
  total: Ledger;
  /** Requests to a person to approve a PO, and supplier messages handed to one, over the whole run. */
  managerTouches?: { approvalsAsked: number; handedOver: number };
  /** The run month by month, summed over the seeds. */
  months?: Month[];
  turnsPerReplenishment?: number;
  tokensPerReplenishment?: number | null;
}

/** pass^k: the chance that k runs drawn from these all pass, from c passes in n (null when n < k). */
export function passAtK(passes: number, n: number, k: number): number | null {
  if (n < k) return null;
  let p = 1;
  for (let i = 0; i < k; i++) p *= (passes - i) / (n - i);
  return Math.max(0, p);
}

export const seedPasses = (s: SeedResult, fillTarget: number): boolean => s.rulesBroken === 0 && fillRate(s.ledger) >= fillTarget;

export function cardOf(policy: string, seeds: SeedResult[], extra: Omit<PolicyCard, 'policy' | 'seeds' | 'total'> = {}): PolicyCard {
  return { policy, seeds, total: sumLedgers(seeds.map((s) => s.ledger)), ...extra };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const money = (x: number) => Math.round(x).toLocaleString('en-US');
const cell = (x: number | null | undefined, f: (v: number) => string) => (x === null || x === undefined ? '—' : f(x));

/**
 * The table, one column per policy. Shortfalls are against the oracle's cost, and against its profit
 * when every unit served sells at `salePriceFactor` × its reference price (the anchors score profit).
 */
export function yearTable(cards: PolicyCard[], o: { days: number; skus: number; fillTarget: number; salePriceFactor: number; oracle: PolicyCard; classical: PolicyCard }): string {
  const months = (o.days / BUSINESS_DAYS_A_MONTH) * o.skus;
  // Lost sales show in profit as sales not made, not as a charge besides.
  const profit = (c: PolicyCard) => c.total.servedValue * o.salePriceFactor - (c.total.total - c.total.lostSales);
  const rows: Array<[string, (c: PolicyCard) => string]> = [
    ['fill rate (units served of units asked)', (c) => pct(fillRate(c.total))],
    ['cycle service level (delivery cycles without a stock-out)', (c) => pct(cycleServiceLevel(c.total))],
    ['stock-out days per SKU-year', (c) => (c.total.stockOutDays / (o.skus * (o.days / 250))).toFixed(1)],
    ['average inventory value per SKU', (c) => money(c.total.averageInventoryValue / o.skus / c.seeds.length)],
    ['purchase cost', (c) => money(c.total.purchase)],
    ['ordering cost', (c) => money(c.total.ordering)],
    ['holding cost', (c) => money(c.total.holding)],
    ['lost sales cost', (c) => money(c.total.lostSales)],
    ['total cost (less the stock left at the end)', (c) => money(c.total.total)],
    ['cost above the oracle\'s', (c) => pct((c.total.total - o.oracle.total.total) / o.oracle.total.total)],
    [`profit short of the oracle's (sale at ${o.salePriceFactor}× reference price)`, (c) => pct((profit(o.oracle) - profit(c)) / profit(o.oracle))],
    ['units bought from the fast / middle / cheap supplier', (c) => {
      const all = c.total.unitsFast + c.total.unitsMid + c.total.unitsCheap;
      return [c.total.unitsFast, c.total.unitsMid, c.total.unitsCheap].map((u) => `${Math.round((100 * u) / Math.max(1, all))} %`).join(' / ');
    }],
    ['spend above the (s,S) policy\'s (purchase cost)', (c) => pct(c.total.purchase / o.classical.total.purchase - 1)],
    ['orders at suppliers per SKU and month (a consolidated PO once)', (c) => (c.total.orders / months / c.seeds.length).toFixed(2)],
    ['ordering cost per SKU and month (order cost and freight)', (c) => (c.total.ordering / months / c.seeds.length).toFixed(1)],
    ['manager touches per SKU and month (approvals asked; replies handed over)', (c) => (c.managerTouches
      ? `${(c.managerTouches.approvalsAsked / months / c.seeds.length).toFixed(2)}; ${(c.managerTouches.handedOver / months / c.seeds.length).toFixed(2)}` : '—')],
    ['decisions per replenishment', (c) => cell(c.turnsPerReplenishment, (v) => v.toFixed(1))],
    ['tokens per replenishment', (c) => cell(c.tokensPerReplenishment, (v) => String(Math.round(v)))],
    ['rules broken', (c) => String(c.seeds.reduce((a, s) => a + s.rulesBroken, 0))],
    [`seeds passing (no rule broken, fill rate ≥ ${pct(o.fillTarget)})`, (c) => `${c.seeds.filter((s) => seedPasses(s, o.fillTarget)).length} of ${c.seeds.length}`],
    ['pass^1', (c) => cell(passAtK(c.seeds.filter((s) => seedPasses(s, o.fillTarget)).length, c.seeds.length, 1), pct)],
    ['pass^8', (c) => cell(passAtK(c.seeds.filter((s) => seedPasses(s, o.fillTarget)).length, c.seeds.length, 8), pct)],
  ];
  return [
    `| figure | ${cards.map((c) => c.policy).join(' | ')} |`,
    `|---|${cards.map(() => '---').join('|')}|`,
    ...rows.map(([name, f]) => `| ${name} | ${cards.map(f).join(' | ')} |`),
  ].join('\n');
}

const sumMonths = (ms: Month[]): Month => ({
  orders: ms.reduce((a, m) => a + m.orders, 0), ordering: ms.reduce((a, m) => a + m.ordering, 0),
  approvalsAsked: ms.some((m) => m.approvalsAsked === null) ? null : ms.reduce((a, m) => a + m.approvalsAsked!, 0),
  handedOver: ms.some((m) => m.handedOver === null) ? null : ms.reduce((a, m) => a + m.handedOver!, 0),
});

/**
 * The run month by month, one column per policy and figure, so buying with and without gathering
 * compare side by side: orders at suppliers, ordering cost, and the manager's touches (for the
 * policies a person works with).
 */
export function monthTable(cards: PolicyCard[], o: { days: number }): string {
  const withMonths = cards.filter((c) => c.months);
  const touched = withMonths.filter((c) => c.managerTouches);
  const columns: Array<[string, (m: Month) => string, PolicyCard[]]> = [
    ['orders', (m) => String(Math.round(m.orders)), withMonths],
    ['ordering cost', (m) => money(m.ordering), withMonths],
    ['approvals asked', (m) => cell(m.approvalsAsked, String), touched],
    ['handed over', (m) => cell(m.handedOver, String), touched],
  ];
  const head = columns.flatMap(([name, , cs]) => cs.map((c) => `${name}, ${c.policy}`));
  const months = Math.max(0, ...withMonths.map((c) => c.months!.length));
  const label = (k: number) => {
    const short = Math.min(BUSINESS_DAYS_A_MONTH, o.days - k * BUSINESS_DAYS_A_MONTH);
    return short < BUSINESS_DAYS_A_MONTH ? `${k + 1} (${short} days)` : String(k + 1);
  };
  return [
    `| month | ${head.join(' | ')} |`,
    `|---|${head.map(() => '---').join('|')}|`,
    ...Array.from({ length: months }, (_, k) => `| ${label(k)} | ${columns.flatMap(([, f, cs]) => cs.map((c) => f(c.months![k]!))).join(' | ')} |`),
    `| all | ${columns.flatMap(([, f, cs]) => cs.map((c) => f(sumMonths(c.months!)))).join(' | ')} |`,
  ].join('\n');
}
