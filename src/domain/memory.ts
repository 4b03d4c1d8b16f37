import type { OutcomeKind, ReplenishmentResult } from './types.js';

/** What an agent keeps of its suppliers across replenishments (bounded; carried over continue-as-new). */
export const LEAD_TIMES_KEPT = 8;

export interface SupplierMemory {
  orders: number;
  received: number;
  lastPrice: number;
  /** Days from order to last receipt, as actually seen. */
  lastLeadDays: number | null;
  /**
   * The last lead times seen, oldest first (at most LEAD_TIMES_KEPT), from the run's start to the
   * goods: the time a reorder point must cover, the manager's approval included. Their spread sizes
   * the safety stock.
   */
  leadDaysSeen?: number[];
  lastSeen: string;
  /** Deliveries within the promised date plus the goods slack, and after it; absent until one is seen. */
  onTime?: number;
  late?: number;
  /** Orders the supplier refused after taking them; absent until one is. */
  refusals?: number;
  /** Orders cancelled because the supplier neither confirmed nor delivered through every chase; absent until one is. */
  silences?: number;
  /** Its last quote seen, ordered from or not: what the agent plans its next reorder point with. */
  quoted?: { unitPrice: number; leadTimeDays: number };
}

export interface AgentMemory {
  recent: Pick<ReplenishmentResult, 'replenishment' | 'poNumber' | 'outcome' | 'reason' | 'supplier' | 'unitPrice' | 'quantityReceived' | 'receivedAt' | 'tokens'>[];
  suppliers: Record<string, SupplierMemory>;
  outcomes: Partial<Record<OutcomeKind, number>>;
}
