import { WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { parseSpoNumber, supplierDeskIdOfSpo } from '../domain/ids.js';
import { REFUSAL_STATUS, refusalType } from '../domain/phase.js';
import { decisionRefusal, type SpoDecisionRequest } from '../domain/supplier-desk.js';
import { deskStateQuery, spoDecisionUpdate } from '../workflows/messages.js';
import { HttpError } from './errors.js';
import { isNotFound } from './temporal-errors.js';

/**
 * A manager's decision on a consolidated PO goes to the desk that drafted it (its SPO number names
 * the supplier), as an Update: the desk's validator refuses at once what cannot count (not waiting,
 * already decided, above the approver's limit), and the handler takes it once. 202 when taken, 200
 * for its repeat under the same Idempotency-Key, 409 or 403 with the reason otherwise, at once.
 */
export async function decideSupplierOrder(client: Client, request: SpoDecisionRequest): Promise<{ status: 'delivered' | 'duplicate'; workflowId: string }> {
  const workflowId = supplierDeskIdOfSpo(request.spoNumber);
  try {
    return await client.workflow.getHandle(workflowId).executeUpdate(spoDecisionUpdate, { args: [request] });
  } catch (err) {
    const cause = err instanceof WorkflowUpdateFailedError && err.cause instanceof ApplicationFailure ? err.cause : undefined;
    const refused = refusalType(cause?.type ?? undefined);
    if (refused) throw new HttpError(REFUSAL_STATUS[refused], cause!.message);
    if (isNotFound(err)) throw new HttpError(404, `no desk is running for ${parseSpoNumber(request.spoNumber)!.supplier}, so ${request.spoNumber} is not waiting for a decision`);
    throw err;
  }
}

/** Why a consolidated PO no longer waits for a decision, in the desk's words (approved and ordered, rejected, unknown). */
export async function whySupplierOrderIsNotWaiting(client: Client, spo: string): Promise<string> {
  try {
    const desk = await client.workflow.getHandle(supplierDeskIdOfSpo(spo)).query(deskStateQuery);
    return decisionRefusal(desk, spo) ?? `${spo} is no longer waiting for a manager's decision`;
  } catch (err) {
    if (isNotFound(err)) return `no desk is running for ${parseSpoNumber(spo)!.supplier}, so ${spo} is not waiting for a decision`;
    throw err;
  }
}
