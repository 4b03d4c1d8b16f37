import { Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { supplierDeskId } from '../domain/ids.js';
import { fromCents, toCents } from '../domain/money.js';
import { lineTotal } from '../domain/quantity.js';
import type { SupplierDesks } from '../tools/tool.js';
import { deskStateQuery, joinSignal, withdrawUpdate } from '../workflows/messages.js';
import { isNotFound } from '../api/temporal-errors.js';
import type { SupplierDeskInput } from '../workflows/supplier-desk.js';

/**
 * Lines reach their supplier's desk by signal-with-start: the desk is started on the task queue of
 * the activity that joins (the service's own) when it is not running, and the line is its signal.
 * A join the activity retries is the same signal again, which the desk takes once (its line PO number).
 */
export const supplierDesks = (client: Client): SupplierDesks => ({
  async join(line, rules) {
    const workflowId = supplierDeskId(line.supplier);
    const args: [SupplierDeskInput] = [{ supplier: line.supplier, rules }];
    await client.workflow.signalWithStart('SupplierDesk', {
      workflowId, taskQueue: Context.current().info.taskQueue, args, signal: joinSignal, signalArgs: [line, rules],
    });
    return { deskId: workflowId };
  },
  async withdraw(supplier, poNumber, reason) {
    try {
      return await client.workflow.getHandle(supplierDeskId(supplier)).executeUpdate(withdrawUpdate, { args: [{ poNumber, reason }] });
    } catch (err) {
      // No desk: nothing of the line can be at the supplier.
      if (isNotFound(err)) return { placed: null };
      throw err;
    }
  },
  async gathered(supplier) {
    try {
      const desk = await client.workflow.getHandle(supplierDeskId(supplier)).query(deskStateQuery);
      return fromCents((desk.gathering?.lines ?? []).reduce((sum, l) => sum + toCents(lineTotal(l.quantity, l.unitPrice)), 0));
    } catch (err) {
      if (isNotFound(err)) return 0;
      throw err;
    }
  },
});
