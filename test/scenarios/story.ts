import { expect } from 'vitest';
import { keepHistories } from '../support/histories.js';
import { eventually, type Stack } from '../support/stack.js';

/**
 * Steps of a replenishment as the people around it see them, shared by the scenario tests. Each
 * step carries its sender's credentials: the manager's token (a JWT for the body's `by`, if any),
 * the signature of `supplier` (by default the PO's, as the SKU's view shows it), the warehouse's.
 */
/** What the steps use of a stack: an in-process Stack, or a fleet of role processes (test/support/fleet.ts). */
export type StoryStack = Pick<Stack, 'api' | 'authed' | 'client' | 'managerToken' | 'sandbox' | 'tokenFor'>;

export function story(stack: StoryStack, sku: string, opts: { supplier?: string } = {}) {
  const approvals = async () => (await stack.api('GET', '/approvals')).body.items as { sku: string; poNumber: string; supplier: string; unitPrice: number; quantity: number; total: number; freight?: number }[];
  const view = async () => (await stack.api('GET', `/skus/${sku}`)).body;
  const orders = () => stack.sandbox.orders(sku);

  return {
    view,
    orders,
    async startAgent() {
      const res = await stack.authed('POST', '/agents', { sku });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    },
    /** The pending approval of this SKU (optionally: one whose PO number ends so, e.g. a revision). */
    async approvalRequest(poSuffix = '') {
      const mine = (x: { sku: string; poNumber: string }) => x.sku === sku && x.poNumber.endsWith(poSuffix);
      const items = await eventually(approvals, (xs) => xs.some(mine), 30_000, `an approval request for ${sku}${poSuffix}`);
      return items.find(mine)!;
    },
    async decide(po: string, body: unknown, headers: Record<string, string> = {}) {
      const by = (body as { by?: unknown } | null)?.by;
      const token = typeof by === 'string' ? await stack.tokenFor(by) : stack.managerToken;
      return stack.api('POST', `/purchase-orders/${po}/decision`, body, { authorization: `Bearer ${token}`, ...headers });
    },
    async phase(phase: string) {
      return eventually(view, (v) => v.replenishment?.phase === phase, 30_000, `${sku} to reach ${phase}`);
    },
    /** Start the agent and stop at the manager's desk: the approval request, with the agent waiting on it. */
    async parkAtApproval() {
      await this.startAgent();
      const request = await this.approvalRequest();
      await this.waitingIn('wait_for_approval');
      return request;
    },
    /** The agent is parked in this wait (not merely about to decide to wait). */
    async waitingIn(tool: string) {
      return eventually(view, (v) => v.replenishment?.waiting?.tool === tool, 30_000, `${sku} to wait in ${tool}`);
    },
    async outcome() {
      const v = await eventually(view, (x) => x.pastOutcomes?.length > 0, 60_000, `${sku} to finish a replenishment`);
      return v.pastOutcomes.at(-1) as { outcome: string; reason: string; poNumber: string; quantityReceived: number };
    },
    async reply(po: string, messageId: string, text: string, fields?: unknown) {
      const drafted = (await view()).replenishment?.po as { poNumber: string; supplier: string } | null | undefined;
      const supplier = opts.supplier ?? (drafted?.poNumber === po ? drafted.supplier : 'acme-industrial');
      return stack.authed('POST', `/purchase-orders/${po}/supplier-replies`, { messageId, text, ...(fields ? { fields } : {}) }, { supplier });
    },
    async receive(po: string, receiptId: string, quantity: number) {
      return stack.authed('POST', `/purchase-orders/${po}/receipts`, { receiptId, quantity });
    },
    /**
     * Everyone does their part as in the happy path, from the agent's start: the manager approves at
     * the drafted price, the supplier confirms, the goods come in full. Resolves to the outcome.
     */
    async runToReceived() {
      await this.startAgent();
      const request = await this.approvalRequest();
      expect((await this.decide(request.poNumber, { decision: 'approve', maxUnitPrice: request.unitPrice, by: 'dana' })).status).toBe(202);
      await this.phase('ordered');
      expect((await this.reply(request.poNumber, 'm-1', 'We confirm your order, delivery on schedule.', { kind: 'confirmed' })).status).toBe(202);
      await this.phase('awaiting goods');
      expect((await this.receive(request.poNumber, 'r-1', request.quantity)).status).toBe(202);
      return this.outcome();
    },
    /** Saves this SKU's workflow histories as replay fixtures (with RECORD_HISTORIES=1). */
    async keep(scenario: string) {
      await keepHistories(stack.client, scenario, [`replenish-${sku}-1`, `agent-${sku}`]);
    },
    async log() {
      return (await view()).replenishment.log as { tool: string; result: string; summary: string; reason?: string }[];
    },
  };
}
