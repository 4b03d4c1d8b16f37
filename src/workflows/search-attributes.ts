import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';

/**
 * What the Web UI and the API search workflows by: `SKU = "WASHER-M8"`, `PoNumber = "PO-WASHER-M8-1"`.
 * Registered on the dev server (src/temporal/dev-server.ts) and by the compose setup's admin tools.
 */
export const SKU = defineSearchAttributeKey('SKU', SearchAttributeType.KEYWORD);
/** The PO a replenishment works on now (a revision replaces it: `PO-X-1-R1`). */
export const PO_NUMBER = defineSearchAttributeKey('PoNumber', SearchAttributeType.KEYWORD);
/** A replenishment's phase in a manager's words (`awaiting approval`, `ordered`, …). */
export const PHASE = defineSearchAttributeKey('Phase', SearchAttributeType.KEYWORD);
/** How a replenishment ended (`received`, `rejected`, …); unset while it runs. */
export const OUTCOME = defineSearchAttributeKey('Outcome', SearchAttributeType.KEYWORD);

/** An agent's status (`watching`, `replenishing`, `paused`, `error`, `stopped`): counted for /metrics. */
export const AGENT_STATUS = defineSearchAttributeKey('AgentStatus', SearchAttributeType.KEYWORD);

export type KeywordKey = typeof SKU;

/** All Keyword: the servers register them so (`SEARCH_ATTRIBUTES`, docker-compose.yml). */
export const SEARCH_ATTRIBUTE_KEYS: KeywordKey[] = [SKU, PO_NUMBER, PHASE, OUTCOME, AGENT_STATUS];

/**
 * Sets the attributes whose value differs from what the workflow carries now; nothing when all
 * stand, since every upsert is an event in the history. Workflow code only.
 */
export function showInSearch(pairs: { key: KeywordKey; value: string }[]): void {
  const current = workflowInfo().typedSearchAttributes;
  const changed = pairs.filter((p) => current.get(p.key) !== p.value);
  if (changed.length > 0) upsertSearchAttributes(changed);
}
