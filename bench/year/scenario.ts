/**
 * The year's world, drawn from a seed: SKUs with their demand, three suppliers per seed, and what
 * becomes of each order. Every draw is a pure function of (seed, what, day), never of the order in
 * which things happen, so the agent and the baselines meet the same demand and the same suppliers.
 */

export type Profile = 'steady' | 'intermittent' | 'trending' | 'seasonal' | 'shock';
export const PROFILES: readonly Profile[] = ['steady', 'intermittent', 'trending', 'seasonal', 'shock'];

export type SupplierRole = 'fast' | 'mid' | 'cheap';
export const ROLES: readonly SupplierRole[] = ['fast', 'mid', 'cheap'];
export type Fate = { behaviour: 'prompt' | 'partial' | 'refuse' | 'silent'; lateDays: number };

export interface SupplierLine {
  supplier: string;
  role: SupplierRole;
  basePrice: number;
  moq: number;
  orderMultiple: number;
  leadTimeDays: number;
  priceBreaks: Array<{ minQuantity: number; unitPrice: number }>;
}

export interface YearSku {
  sku: string;
  seed: number;
  profile: Profile;
  meanDemand: number;
  /** The mid supplier's list price: what stock is valued at, and what a lost sale costs. */
  referencePrice: number;
  onHand: number;
  safetyStock: number;
  targetLevel: number;
  lines: SupplierLine[];
  /** Demand of each business day, day 0 first. */
  demand: number[];
  /** Consumption of the days before day 0, oldest first: the history the warehouse already has. */
  history: number[];
}

export interface PriceChange { day: number; supplier: string; factor: number }

export interface YearWorld {
  seed: number; days: number; skus: YearSku[]; suppliers: string[]; priceChanges: PriceChange[];
  /** Every order is confirmed and delivered on time (a world for tests of one behaviour). */
  reliable?: boolean;
}

/** Days of consumption the warehouse has on record before the year starts. */
export const HISTORY_DAYS = 60;

/** A number in [0, 1) from any key: a 32-bit hash (FNV-1a) through a mixing step (mulberry32). */
export function draw(...key: Array<string | number>): number {
  let h = 2166136261;
  for (const ch of key.join('|')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619);
  }
  let t = (h + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A Poisson count (Knuth for small means, a rounded normal above 30). */
export function poisson(mean: number, ...key: Array<string | number>): number {
  if (mean <= 0) return 0;
  if (mean > 30) {
    const u1 = Math.max(draw(...key, 'a'), 1e-12);
    const u2 = draw(...key, 'b');
    const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
    return Math.max(0, Math.round(mean + z * Math.sqrt(mean)));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  let p = draw(...key, 0);
  while (p > limit) {
    k += 1;
    p *= draw(...key, k);
  }
  return k;
}

const INTERMITTENT_CHANCE = 0.2;

/** The expected demand of day `t` (negative days are history) for a profile. */
function meanOn(profile: Profile, mean: number, t: number, days: number): number {
  switch (profile) {
    case 'trending': return mean * (0.6 + 0.8 * Math.max(0, t) / days);
    case 'seasonal': return mean * (1 + 0.5 * Math.sin((2 * Math.PI * t) / 120));
    default: return mean;
  }
}

function demandOn(s: Pick<YearSku, 'sku' | 'seed' | 'profile' | 'meanDemand'>, t: number, days: number, shockDay: number): number {
  const key = [s.seed, s.sku, 'demand', t];
  if (s.profile === 'intermittent') {
    if (draw(...key, 'on') >= INTERMITTENT_CHANCE) return 0;
    return 1 + poisson(s.meanDemand / INTERMITTENT_CHANCE - 1, ...key);
  }
  const base = poisson(meanOn(s.profile, s.meanDemand, t, days), ...key);
  // One customer's order of fifteen days' demand, once in the year.
  return s.profile === 'shock' && t === shockDay ? base + Math.round(15 * s.meanDemand) : base;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const up = (n: number, step: number) => Math.ceil(n / step) * step;

function linesFor(seed: number, sku: string, mean: number, price: number): SupplierLine[] {
  const pack = mean >= 20 ? 10 : 1;
  return [
    { supplier: `y${seed}-fast`, role: 'fast', basePrice: round2(price * 1.35), moq: up(mean * 2, pack), orderMultiple: pack, leadTimeDays: 2, priceBreaks: [] },
    {
      supplier: `y${seed}-mid`, role: 'mid', basePrice: price, moq: up(mean * 5, pack), orderMultiple: pack, leadTimeDays: 6,
      priceBreaks: [{ minQuantity: up(mean * 30, pack), unitPrice: round2(price * 0.95) }],
    },
    { supplier: `y${seed}-cheap`, role: 'cheap', basePrice: round2(price * 0.85), moq: up(mean * 25, pack * 5), orderMultiple: pack * 5, leadTimeDays: 14, priceBreaks: [] },
  ];
}

/** How each supplier's orders fare: a share refused, partly delivered or left unanswered, and days late. */
const FATES: Record<SupplierRole, { refuse: number; partial: number; silent: number; late: Array<[number, number]> }> = {
  fast: { refuse: 0, partial: 0.02, silent: 0, late: [[0.9, 0], [1, 1]] },
  mid: { refuse: 0.04, partial: 0.06, silent: 0.03, late: [[0.7, 0], [0.85, 1], [0.95, 2], [1, 4]] },
  cheap: { refuse: 0.02, partial: 0.03, silent: 0.02, late: [[0.6, 0], [0.8, 2], [0.95, 4], [1, 7]] },
};

export const roleOf = (supplier: string): SupplierRole => supplier.slice(supplier.lastIndexOf('-') + 1) as SupplierRole;

/**
 * A gathering setting (`SUPPLIER_GATHERING`'s form) in one world: a role (`cheap=14:00`) names
 * that role's supplier in every world, so one setting serves every seed; a supplier's own name
 * (`y0-cheap=8h`) only itself, in its own world.
 */
export function gatheringIn<T>(world: Pick<YearWorld, 'suppliers'>, spec: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [name, setting] of Object.entries(spec)) {
    const named = (ROLES as readonly string[]).includes(name) ? world.suppliers.filter((s) => roleOf(s) === name) : world.suppliers.filter((s) => s === name);
    for (const supplier of named) out[supplier] = setting;
  }
  return out;
}

/** What becomes of an order placed with `supplier` for `sku` on `day`: the same for whoever places it. */
export function fateOf(seed: number, supplier: string, sku: string, day: number): Fate {
  const f = FATES[roleOf(supplier)];
  const u = draw(seed, supplier, sku, day, 'fate');
  const lateDays = f.late.find(([upTo]) => draw(seed, supplier, sku, day, 'late') < upTo)![1];
  if (u < f.refuse) return { behaviour: 'refuse', lateDays: 0 };
  if (u < f.refuse + f.silent) return { behaviour: 'silent', lateDays: 0 };
  if (u < f.refuse + f.silent + f.partial) return { behaviour: 'partial', lateDays };
  return { behaviour: 'prompt', lateDays };
}

/** An order's fate in a world: drawn, or always on time in a world of reliable suppliers. */
export const fateIn = (world: Pick<YearWorld, 'seed' | 'reliable'>, supplier: string, sku: string, day: number): Fate =>
  (world.reliable ? { behaviour: 'prompt', lateDays: 0 } : fateOf(world.seed, supplier, sku, day));

/** The world of one seed: `skuCount` SKUs, the profiles in turn, over `days` business days. */
export function yearWorld(seed: number, skuCount: number, days: number): YearWorld {
  const shockDay = Math.round(days / 3 + draw(seed, 'shock') * days / 3);
  const skus = Array.from({ length: skuCount }, (_, i): YearSku => {
    const profile = PROFILES[i % PROFILES.length]!;
    const sku = `Y${seed}-${profile.toUpperCase()}-${String(i + 1).padStart(2, '0')}`;
    const meanDemand = Math.round(4 + draw(seed, sku, 'mean') * 36);
    const price = round2(0.5 + draw(seed, sku, 'price') * 19.5);
    const lines = linesFor(seed, sku, meanDemand, price);
    const s = { sku, seed, profile, meanDemand };
    return {
      ...s, referencePrice: price, lines,
      onHand: Math.ceil(meanDemand * 18), safetyStock: Math.ceil(meanDemand * 3), targetLevel: Math.ceil(meanDemand * 30),
      demand: Array.from({ length: days }, (_, t) => demandOn(s, t, days, shockDay)),
      history: Array.from({ length: HISTORY_DAYS }, (_, k) => demandOn(s, k - HISTORY_DAYS, days, shockDay)),
    };
  });
  const suppliers = ROLES.map((r) => `y${seed}-${r}`);
  // The mid supplier raises its prices twice in the year.
  const priceChanges = [Math.round(days / 3), Math.round((2 * days) / 3)].map((day, k) => ({ day, supplier: `y${seed}-mid`, factor: 1 + 0.06 * (k + 1) }));
  return { seed, days, skus, suppliers, priceChanges };
}

/** The price factor in force on `day` for a supplier (1 before any change). */
export function priceFactorOn(world: Pick<YearWorld, 'priceChanges'>, supplier: string, day: number): number {
  return world.priceChanges.filter((c) => c.supplier === supplier && c.day <= day).reduce((f, c) => c.factor, 1);
}
