import { days, type InventoryPolicy, type Rules } from './rules.js';
import type { ReplenishmentResult, StockLevel, Usage } from './types.js';
import { addUsage, noUsage } from './usage.js';
import { stockLevels } from './demand.js';
import { LEAD_TIMES_KEPT, type AgentMemory, type SupplierMemory } from './memory.js';

export type { AgentMemory, SupplierMemory } from './memory.js';

export const RECENT_OUTCOMES = 10;
export const REMEMBERED_SUPPLIERS = 20;
export const REMEMBERED_MESSAGE_IDS = 200;

/** A message the agent has delivered: its id and what it said (src/domain/message-digest.ts). */
export interface RememberedMessage { id: string; digest: string }

export const emptyMemory = (): AgentMemory => ({ recent: [], suppliers: {}, outcomes: {} });

/** Replenishments the agent has finished in its life, whatever their outcome. */
export const finishedReplenishments = (memory: AgentMemory): number =>
  Object.values(memory.outcomes).reduce((n, k) => n + (k ?? 0), 0);

export interface AgentInput {
  sku: string;
  rules: Rules;
  memory?: AgentMemory;
  /** How many replenishments this SKU has started; names the next one. */
  replenishments?: number;
  /** The last messages delivered, so that a repeat after continue-as-new is still known. */
  recentMessages?: RememberedMessage[];
  paused?: boolean;
  /** A stock change arrived while the previous run was handing over. */
  wake?: boolean;
  /** Why the last stock check failed for good (an unknown SKU, the ERP unreachable); cleared by a good check. */
  error?: string | null;
}

export type AgentStatusKind = 'watching' | 'replenishing' | 'paused' | 'stopped' | 'error';

/** The replenishment an agent runs now: where it forwards every message for its SKU. */
export interface ActiveReplenishment { workflowId: string }

export interface AgentStatus {
  sku: string;
  status: AgentStatusKind;
  active: ActiveReplenishment | null;
  stock: StockLevel | null;
  replenishments: number;
  memory: AgentMemory;
  /** Set with status `error`: why the agent cannot read its stock. */
  error: string | null;
  /** The rules the agent's next replenishment starts with (a running one keeps those it started with). */
  rules: Rules;
}

/** Folds one finished replenishment into the bounded memory. */
export function remember(memory: AgentMemory, r: ReplenishmentResult, rules: Rules): AgentMemory {
  const recent = [...memory.recent, {
    replenishment: r.replenishment, poNumber: r.poNumber, outcome: r.outcome, reason: r.reason.slice(0, 200),
    supplier: r.supplier, unitPrice: r.unitPrice, quantityReceived: r.quantityReceived, receivedAt: r.receivedAt,
    ...(r.tokens ? { tokens: r.tokens } : {}),
  }].slice(-RECENT_OUTCOMES);
  const outcomes = { ...memory.outcomes, [r.outcome]: (memory.outcomes[r.outcome] ?? 0) + 1 };
  let suppliers = memory.suppliers;
  // Orders cancelled at a supplier to buy elsewhere come first: they were placed before the last one.
  for (const o of r.cancelledOrders ?? []) {
    const prev = suppliers[o.supplier];
    suppliers = keepRecent({
      ...suppliers,
      [o.supplier]: {
        ...prev,
        orders: (prev?.orders ?? 0) + 1,
        received: prev?.received ?? 0,
        lastPrice: o.unitPrice,
        lastLeadDays: prev?.lastLeadDays ?? null,
        lastSeen: o.cancelledAt,
        ...(o.why === 'refused' ? { refusals: (prev?.refusals ?? 0) + 1 } : { silences: (prev?.silences ?? 0) + 1 }),
      },
    });
  }
  if (r.supplier && r.orderedAt && r.unitPrice !== null) {
    const prev = suppliers[r.supplier];
    const lead = r.receivedAt ? (Date.parse(r.receivedAt) - Date.parse(r.orderedAt)) / rules.dayMs : null;
    const cycle = r.receivedAt ? (Date.parse(r.receivedAt) - Date.parse(r.startedAt ?? r.orderedAt)) / rules.dayMs : null;
    const punctual = r.receivedAt && r.expectedDelivery
      ? Date.parse(r.receivedAt) <= Date.parse(r.expectedDelivery) + days(rules, rules.goodsSlackDays)
      : null;
    const refusals = (prev?.refusals ?? 0) + (r.supplierRefused ? 1 : 0);
    const entry: SupplierMemory = {
      orders: (prev?.orders ?? 0) + 1,
      received: (prev?.received ?? 0) + (r.outcome === 'received' ? 1 : 0),
      lastPrice: r.unitPrice,
      lastLeadDays: lead === null ? prev?.lastLeadDays ?? null : Math.round(lead * 10) / 10,
      ...(cycle === null ? (prev?.leadDaysSeen ? { leadDaysSeen: prev.leadDaysSeen } : {})
        : { leadDaysSeen: [...(prev?.leadDaysSeen ?? []), Math.round(cycle * 10) / 10].slice(-LEAD_TIMES_KEPT) }),
      lastSeen: r.receivedAt ?? r.orderedAt,
      ...(punctual === null && prev?.onTime === undefined ? {} : {
        onTime: (prev?.onTime ?? 0) + (punctual === true ? 1 : 0),
        late: (prev?.late ?? 0) + (punctual === false ? 1 : 0),
      }),
      ...(refusals > 0 ? { refusals } : {}),
      ...(prev?.silences ? { silences: prev.silences } : {}),
    };
    suppliers = keepRecent({ ...suppliers, [r.supplier]: entry });
  }
  // Suppliers quoted and not ordered from are remembered too: the next reorder point may be planned for them.
  for (const q of r.quoted ?? []) {
    const prev = suppliers[q.supplier];
    const seen = r.receivedAt ?? r.orderedAt;
    if (!prev && !seen) continue;
    suppliers = keepRecent({
      ...suppliers,
      [q.supplier]: {
        ...(prev ?? { orders: 0, received: 0, lastPrice: q.unitPrice, lastLeadDays: null, lastSeen: seen! }),
        quoted: { unitPrice: q.unitPrice, leadTimeDays: q.leadTimeDays },
      },
    });
  }
  return { recent, suppliers, outcomes };
}

/** The suppliers seen last, at most `REMEMBERED_SUPPLIERS` of them. */
const keepRecent = (suppliers: Record<string, SupplierMemory>): Record<string, SupplierMemory> =>
  Object.fromEntries(Object.entries(suppliers).sort((a, b) => b[1].lastSeen.localeCompare(a[1].lastSeen)).slice(0, REMEMBERED_SUPPLIERS));

/**
 * Time to replenish: the stock position is below the reorder point (demand over lead time plus
 * safety stock; the typed-in safety stock when there is no demand, src/domain/demand.ts).
 */
export const belowSafetyStock = (s: StockLevel, memory?: Pick<AgentMemory, 'suppliers'>, policy?: InventoryPolicy): boolean =>
  s.onHand + s.onOrder < stockLevels(s, memory, policy).reorderPoint;

/**
 * What lists and figures show of an agent, kept by the agent in its memo (and its status as the
 * `AgentStatus` search attribute), so that no list or aggregate read asks a workflow: the SKU table
 * and /metrics read visibility. What its replenishment is doing (phase, PO, the approval asked for)
 * the replenishment publishes itself (`Phase`, `PoNumber`, its row in the approvals inbox table).
 */
export interface AgentSummary {
  sku: string;
  status: AgentStatusKind;
  error: string | null;
  replenishments: number;
  outcomes: AgentMemory['outcomes'];
  active: ActiveReplenishment | null;
  /** Model tokens of the replenishments in its recent memory, and how many those are. */
  recentTokens: Usage;
  recentReplenishments: number;
}

export const summaryOf = (s: AgentStatus): AgentSummary => ({
  sku: s.sku, status: s.status, error: s.error, replenishments: s.replenishments, outcomes: s.memory.outcomes,
  recentTokens: s.memory.recent.reduce((sum, r) => (r.tokens ? addUsage(sum, r.tokens) : sum), noUsage()),
  recentReplenishments: s.memory.recent.length,
  active: s.active && { workflowId: s.active.workflowId },
});

/** The memo key the summary is kept under. */
export const SUMMARY_MEMO = 'agent';
