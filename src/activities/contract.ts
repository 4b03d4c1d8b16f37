import type { InboxEntry } from '../domain/phase.js';
import type { OpenOrderEntry } from '../domain/purchase-record.js';
import type { Rules } from '../domain/rules.js';
import type { ReplenishState } from '../domain/state.js';
import type { RecentTurn } from '../domain/activity-input.js';
import type { ReplenishmentResult, StockLevel, Usage } from '../domain/types.js';
import type { WaitLimit } from '../tools/index.js';
import type { PolicyVerdict } from '../domain/approval-policy.js';
import type { ConsolidatedApprovalRequest, SupplierOrder, SupplierOrderAck } from '../domain/supplier-order.js';

/** The state comes without its turn log (src/domain/activity-input.ts `forDecider`). */
export interface DecideRequest {
  goal: string;
  state: ReplenishState;
  /** The last few turns, each summary capped: what the prompt shows of the log. */
  recent: RecentTurn[];
  /** Tokens the replenishment's decisions have spent so far: what the budget counts. */
  spent: Usage;
  allowed: string[];
  /** How long each allowed wait would last at most. */
  waits: WaitLimit[];
  turn: number;
  now: string;
}

export interface Choice {
  tool: string;
  input: unknown;
  reason?: string;
  usage?: Usage;
  /** Choices the decider refused before this one (a tool not allowed, bad input): kept for the log. */
  rejected?: { attempt: number; tool: string; why: string }[];
  /** When the choice was made (the worker's clock), kept in history so replay judges it at the same time. */
  at?: string;
  /** The model could not give an acceptable choice, so `decider` made this one; `why` says what the model did. */
  fallback?: { decider: string; why: string };
}

export interface StockCheck {
  stock: StockLevel;
  rules?: Rules;
  /** The worker's decider is the policy, which needs no I/O: the run computes its choices in workflow code. */
  policyDecides?: true;
}

export interface RunToolRequest {
  tool: string;
  input: unknown;
  /** Without its turn log: no tool reads it. */
  state: ReplenishState;
  rules: Rules;
  idempotencyKey: string;
}

/** A tool's answer, and when it came (the worker's clock): history keeps it, so replay moves the run's clock the same way. */
export interface ToolRan { result: unknown; at?: string }

/** The activities as workflows see them; createActivities must satisfy this. */
export interface Activities {
  decide(req: DecideRequest): Promise<Choice>;
  runTool(req: RunToolRequest): Promise<ToolRan>;
  /**
   * The SKU's stock, with the rules the service is configured with now: the agent takes them for
   * its next replenishment, so a configuration change reaches every agent at its next check.
   */
  checkStock(sku: string): Promise<StockCheck>;
  /** Hands the PO to a person when the agent cannot go on choosing (the model refused, the budget is spent). */
  notifyManager(req: { state: ReplenishState; rules: Rules; subject: string; body: string }): Promise<void>;
  /** Writes the settled replenishment's purchasing record; written again by a retry, it is still one record. */
  recordPurchase(req: { state: ReplenishState; result: ReplenishmentResult; rules: Rules }): Promise<void>;
  /** Puts the run's PO in the approvals inbox as the manager is asked it, or takes it out (request null). */
  showInInbox(entry: InboxEntry): Promise<void>;
  /** Shows the run's PO in the purchase order list as it stands, or takes it out (order null). */
  showOpenOrder(entry: OpenOrderEntry): Promise<void>;
  /** A run ended without its record: its open PO is recorded as failed, for the reason given. */
  settleOpenOrder(req: { workflowId: string; reason: string }): Promise<void>;
}

/** The activities of a supplier's desk (src/workflows/supplier-desk.ts). */
export interface DeskActivities {
  /** The deployment's approval policy on a consolidated PO: each line by the per-order rules, the total by the consolidated limit; null without a policy. */
  consultSupplierOrderPolicy(req: { order: SupplierOrder; rules: Rules }): Promise<PolicyVerdict | null>;
  /** Asks the manager to approve the consolidated PO (its `asked`-th request). */
  askManagerAboutSupplierOrder(req: { order: SupplierOrder; rules: Rules; notByRule?: string; asked: number; closedBecause: string }): Promise<void>;
  /**
   * Writes a consolidated PO's row in the approvals inbox (under its SPO number, so a desk's POs in
   * flight have a row each): the PO the manager is asked about, or, with `request` null, that nothing is asked any more.
   */
  showSupplierOrderInInbox(req: { spoNumber: string; sku: string; request: ConsolidatedApprovalRequest | null }): Promise<void>;
  /** Places the one order at the supplier, its SPO number the idempotency key. */
  placeSupplierOrder(req: { order: SupplierOrder }): Promise<SupplierOrderAck>;
}

export interface Decider {
  readonly name: string;
  /** It decides from the request alone, with no I/O (the policy): a run may compute its choice in workflow code. */
  readonly needsNoIo?: boolean;
  decide(req: DecideRequest): Promise<Choice>;
}
