import { z } from 'zod';
import { ApprovalPolicy } from './approval-policy.js';
import { Gathering } from './gathering.js';

/**
 * How safety stock and order quantities are set where a SKU's consumption history allows
 * (src/domain/demand.ts): the cycle service level aimed at, by default and per ABC class (a SKU's
 * own, from the warehouse, wins), and the costs the order quantity weighs.
 */
export const InventoryPolicy = z.object({
  serviceLevel: z.number().gt(0.5).lte(0.999).default(0.95),
  serviceLevelByClass: z.object({ A: z.number().gt(0.5).lte(0.999), B: z.number().gt(0.5).lte(0.999), C: z.number().gt(0.5).lte(0.999) }).partial().optional(),
  /** What placing one order costs (the buyer's and the warehouse's time, in the deployment's currency). */
  orderCost: z.number().nonnegative().default(50),
  /** What keeping a unit a year costs, in percent of its price (capital, space, shrinkage). */
  holdingCostPctPerYear: z.number().nonnegative().default(25),
});
export type InventoryPolicy = z.infer<typeof InventoryPolicy>;
export const defaultInventoryPolicy: InventoryPolicy = InventoryPolicy.parse({});

/**
 * Business durations and limits. They travel into workflows as arguments, never read from the
 * environment there, so a change of configuration cannot alter a running replenishment's replay.
 * Durations are in business days; `dayMs` says how long a day is (shorter in demos and tests).
 */
export const Rules = z.object({
  dayMs: z.number().int().positive().default(86_400_000),
  approvalWaitDays: z.number().positive().default(3),
  // Suppliers acknowledge an order within a day or two; waiting a week before each chase left a
  // silent supplier three weeks to be given up while the shelf ran empty (npm run eval:year).
  supplierReplyDays: z.number().positive().default(2),
  goodsSlackDays: z.number().nonnegative().default(2),
  maxTurns: z.number().int().positive().default(40),
  maxChases: z.number().int().nonnegative().default(2),
  maxApprovalRequests: z.number().int().positive().default(2),
  stockCheckEveryDays: z.number().positive().default(1),
  manager: z.string().default('purchasing-manager'),
  /**
   * The deployment's ISO 4217 currency. Optional rather than defaulted so that rules recorded
   * before it existed parse to the same value; read through `currencyOf`.
   */
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  /** Calls of one tool without an answer (each after all its attempts) before the PO goes to a person. */
  maxFailedCalls: z.number().int().positive().default(5),
  /** Times the agent asks a supplier to restate a reply it cannot read, before it asks the manager. */
  maxClarifications: z.number().int().nonnegative().default(1),
  /** Attempts and first backoff of a call to the outside world before the turn is given up. */
  toolAttempts: z.number().int().positive().default(6),
  toolRetryInitialMs: z.number().int().positive().default(1000),
  /** Approval of routine POs by rule; absent, every PO goes to the manager. Optional, so rules recorded before it parse the same. */
  approvalPolicy: ApprovalPolicy.optional(),
  /** A PO whose total is above this needs the approvals of two different managers; absent, one. */
  twoApprovalsAbove: z.number().positive().optional(),
  /** Optional, so rules recorded before it parse the same; read through `policyOf`. */
  inventoryPolicy: InventoryPolicy.optional(),
  /**
   * Suppliers whose lines gather into consolidated POs (src/domain/gathering.ts). Absent, or a
   * supplier not in it, every SKU buys alone, exactly as before gathering existed.
   */
  gathering: Gathering.optional(),
});
export type Rules = z.infer<typeof Rules>;

export const defaultRules: Rules = Rules.parse({});

export const DEFAULT_CURRENCY = 'USD';
export const currencyOf = (rules: Pick<Rules, 'currency'>): string => rules.currency ?? DEFAULT_CURRENCY;

export const days = (rules: Rules, n: number): number => Math.round(n * rules.dayMs);
export const policyOf = (rules: Pick<Rules, 'inventoryPolicy'>): InventoryPolicy => rules.inventoryPolicy ?? defaultInventoryPolicy;
