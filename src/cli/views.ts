import type { AgentStatusKind } from '../domain/agent.js';
import type { Gate } from '../domain/phase.js';
import type { Decision, OrderAck, PurchaseOrder, Quote, StockLevel, Turn } from '../domain/types.js';

// The API's answers as the CLI reads them (see src/api/routes-*.ts).

export interface Waiting { tool: string; events: string[]; until: string }

export interface PastOutcome {
  replenishment: number; poNumber: string | null; outcome: string; reason: string;
  supplier: string | null; unitPrice: number | null; quantityReceived: number; receivedAt: string | null;
}

export interface SkuView {
  sku: string;
  stock: StockLevel;
  agent: { status: AgentStatusKind; replenishments: number; active: Gate | null } | null;
  pastOutcomes: PastOutcome[];
  replenishment: {
    workflowId: string; phase: string; waiting: Waiting | null; po: PurchaseOrder | null; decision: Decision | null;
    order: OrderAck | null; received: number; log: Turn[]; notes: string[];
  } | null;
}

export interface SkuRow {
  sku: string; onHand: number; safetyStock: number; targetLevel: number; onOrder: number;
  agent: AgentStatusKind | 'none'; phase: string | null; activeReplenishment: string | null; outcomes: Record<string, number>;
}

export interface PendingApproval {
  sku: string; workflowId: string; poNumber: string; supplier: string; quantity: number; unitPrice: number; total: number;
  onHand: number; safetyStock: number; alternatives: Quote[]; requestedAt: string | null;
  /** Managers who approved so far, and how many must (2 above TWO_APPROVALS_ABOVE). */
  approvedBy?: string[]; approvalsNeeded?: number;
  /** A price the supplier raised after the order: `unitPrice` is the new one, this the ordered one. */
  priceChange?: { orderedUnitPrice: number; orderedTotal: number; supplierSays: string | null };
  /**
   * A supplier's consolidated PO (SPO-<supplier>-<k>), decided whole: `sku` names its lines' SKUs,
   * `quantity` is all their units and `unitPrice` the dearest line's (the least ceiling an approval may name).
   */
  kind?: 'consolidated';
  lines?: { poNumber: string; sku: string; quantity: number; unitPrice: number; lineTotal: number }[];
  goods?: number; freight?: number; closedBecause?: string;
}

export interface Delivered { poNumber: string; status: 'delivered' | 'held' | 'duplicate' | 'queued'; workflowId: string }
