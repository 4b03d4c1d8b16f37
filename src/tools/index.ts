import type { Rules } from '../domain/rules.js';
import type { ReplenishState } from '../domain/state.js';
import { getQuotes } from './get-quotes.js';
import { draftPurchaseOrder } from './draft-purchase-order.js';
import { requestApproval } from './request-approval.js';
import { waitForApproval } from './wait-for-approval.js';
import { placeOrder } from './place-order.js';
import { waitForSupplierReply } from './wait-for-supplier-reply.js';
import { readSupplierReply } from './read-supplier-reply.js';
import { chaseSupplier } from './chase-supplier.js';
import { waitForGoods } from './wait-for-goods.js';
import { closePurchaseOrder } from './close-purchase-order.js';
import { cancelPurchaseOrder } from './cancel-purchase-order.js';
import { reorderElsewhere } from './reorder-elsewhere.js';
import { done } from './done.js';
import { findOrder } from './find-order.js';
import { escalateToManager } from './escalate-to-manager.js';
import { checkBeforeOrder } from './check-before-order.js';
import { askSupplierToClarify } from './ask-supplier-to-clarify.js';
import { askManagerAboutPrice } from './ask-manager-about-price.js';
import { askManagerAboutReply } from './ask-manager-about-reply.js';
import { askSupplierToHonourPrice } from './ask-supplier-to-honour-price.js';
import { joinSupplierOrder } from './join-supplier-order.js';
import { waitForSupplierOrder } from './wait-for-supplier-order.js';
import { leaveSupplierOrder } from './leave-supplier-order.js';
import type { Tool } from './tool.js';

/** Every tool the agent has. Adding a tool is adding its file and one line here. */
const LIST = [
  getQuotes,
  draftPurchaseOrder,
  requestApproval,
  waitForApproval,
  joinSupplierOrder,
  waitForSupplierOrder,
  leaveSupplierOrder,
  checkBeforeOrder,
  placeOrder,
  findOrder,
  escalateToManager,
  waitForSupplierReply,
  readSupplierReply,
  askSupplierToClarify,
  askManagerAboutReply,
  askSupplierToHonourPrice,
  askManagerAboutPrice,
  chaseSupplier,
  waitForGoods,
  closePurchaseOrder,
  cancelPurchaseOrder,
  reorderElsewhere,
  done,
] as const;

export type ToolName = (typeof LIST)[number]['name'];

export const TOOLS: readonly Tool[] = LIST;
export const TOOL_NAMES: readonly ToolName[] = LIST.map((t) => t.name);

export const toolByName = (name: string): Tool | undefined => TOOLS.find((t) => t.name === name);

/**
 * The tools the rules allow now. While an order's outcome is unknown, only the tools that find
 * out may run: anything else could order twice or walk away from an order the supplier holds.
 */
export const allowedTools = (state: ReplenishState, rules: Rules, now: string): Tool[] =>
  TOOLS.filter((t) => (!state.orderUnknown || (t.kind === 'call' && t.resolvesUnknownOrder === true)) && t.allowed(state, rules, now));

/** How long one wait the rules allow now may last, for the decider to weigh. */
export interface WaitLimit { tool: string; days: number; until: string }

export const waitLimits = (allowed: readonly Tool[], state: ReplenishState, rules: Rules, now: string): WaitLimit[] =>
  allowed.flatMap((t) => {
    if (t.kind !== 'wait') return [];
    const ms = t.timeoutMs(state, rules, now);
    return [{ tool: t.name, days: Math.round((ms / rules.dayMs) * 10) / 10, until: new Date(Date.parse(now) + ms).toISOString() }];
  });
