import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import type { Client } from '@temporalio/client';
import { isAgentId, parseSupplierDeskId } from '../../src/domain/ids.js';

export const historiesDir = fileURLToPath(new URL('../histories/', import.meta.url));

/**
 * Keeps the histories of a scenario's workflows as replay fixtures. Only with
 * RECORD_HISTORIES=1 (see docs/changing-workflows.md), so an ordinary test run changes no file.
 */
export async function keepHistories(client: Client, scenario: string, workflowIds: string[]): Promise<void> {
  if (process.env.RECORD_HISTORIES !== '1') return;
  mkdirSync(historiesDir, { recursive: true });
  for (const [i, workflowId] of workflowIds.entries()) {
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    const kind = isAgentId(workflowId) ? 'agent' : parseSupplierDeskId(workflowId) ? 'desk' : 'replenish';
    writeFileSync(`${historiesDir}${scenario}.${kind}${i}.json`, historyToJSON(history));
  }
}
