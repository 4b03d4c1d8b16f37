import { outcome } from '../domain/outcome.js';
import { gate, phase, type InboxEntry } from '../domain/phase.js';
import { openPurchaseOrder, type OpenOrderEntry } from '../domain/purchase-record.js';
import { currencyOf, type Rules } from '../domain/rules.js';
import { isFinal, isSettled, type ReplenishState } from '../domain/state.js';
import { OUTCOME, PHASE, PO_NUMBER, SKU, type KeywordKey } from './search-attributes.js';

/** Where the publisher writes: in a workflow, search attributes and two local activities (replenish-run.ts). */
export interface Outlets {
  search(pairs: { key: KeywordKey; value: string }[]): void;
  openOrder(entry: OpenOrderEntry): Promise<void>;
  inbox(entry: InboxEntry): Promise<void>;
  failed(what: string, err: unknown): void;
}

/**
 * What the world outside the run reads of it: SKU, PO, phase and, once settled, outcome as search
 * attributes, so the Web UI and the API find this run (`PoNumber = "…"`); what the manager is asked,
 * in the approvals inbox; and the PO as it stands, in the open purchase orders. Only changed values
 * are written.
 *
 * Each write is sent at once, numbered, and the database drops one older than what it holds
 * (src/records/published.ts). Never one after another: a write sent when the one before it resolves
 * is a command whose place depends on when that resolution reaches the run, and replay hands it
 * over elsewhere (a signal in the same task comes first), so the run's commands come out in
 * another order and the replay fails (`Missing associated machine for LocalActivity`).
 */
export class Publisher {
  private shownApproval = 'null';
  private shownOrder = 'null';
  private version = 0;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly ids: { workflowId: string; runId: string },
    private readonly rules: Rules,
    private readonly gateOf: (s: ReplenishState) => ReturnType<typeof gate>,
    private readonly out: Outlets,
  ) {}

  show(state: ReplenishState, ended: boolean, at: string): void {
    const { workflowId, runId } = this.ids;
    this.out.search([
      { key: SKU, value: state.sku }, { key: PHASE, value: phase(state) },
      ...(state.po ? [{ key: PO_NUMBER, value: state.po.poNumber }] : []),
      ...(ended || isSettled(state) || isFinal(state) ? [{ key: OUTCOME, value: outcome(state).outcome }] : []),
    ]);
    // The record, written last, takes the PO out of the open list: the end writes nothing here.
    if (!ended) {
      const order = openPurchaseOrder({ replenishmentId: workflowId, runId, state, currency: currencyOf(this.rules), updatedAt: '' });
      if (JSON.stringify(order) !== this.shownOrder) {
        this.shownOrder = JSON.stringify(order);
        const entry: OpenOrderEntry = { workflowId, order: order && { ...order, updatedAt: at }, version: ++this.version };
        this.write('the open purchase order', this.out.openOrder(entry));
      }
    }
    const request = ended ? null : this.gateOf(state).approval;
    if (JSON.stringify(request) === this.shownApproval) return;
    this.shownApproval = JSON.stringify(request);
    const version = ++this.version;
    const entry: InboxEntry = request && state.po ? { workflowId, sku: state.sku, poNumber: state.po.poNumber, request, version } : { workflowId, request: null, version };
    this.write('the approvals inbox', this.out.inbox(entry));
  }

  /**
   * Settles once every write asked for so far is done (or logged as failed). For a caller outside a
   * workflow's loop (tests): a workflow command issued after it would be placed by when the writes resolve.
   */
  async flushed(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }

  private write(what: string, sent: Promise<void>): void {
    const settled = sent.catch((err: unknown) => this.out.failed(what, err)).then(() => {
      this.inFlight.delete(settled);
    });
    this.inFlight.add(settled);
  }
}
