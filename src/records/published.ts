import type { Transaction } from 'kysely';
import type { RecordsDb, Tables } from './database.js';

/** The run's rows its writes keep in order, each with its own count. */
export const OPEN_ORDER = 'open-order';
export const INBOX = 'inbox';

/**
 * Runs `write` unless a newer write of the same row was published before it: the run numbers its
 * writes and sends them at once (src/workflows/publisher.ts), so a slow or retried one may land after
 * a later one. The version and the write commit together; a write without a version always applies.
 */
export async function publishInOrder(
  db: RecordsDb, row: { workflowId: string; what: string; version?: number | undefined },
  write: (trx: Transaction<Tables> | RecordsDb) => Promise<unknown>,
): Promise<void> {
  const { version } = row;
  if (version === undefined) {
    await write(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    const newer = await trx.insertInto('publishedVersions').values({ replenishmentId: row.workflowId, what: row.what, version })
      .onConflict((oc) => oc.columns(['replenishmentId', 'what']).doUpdateSet({ version }).where('publishedVersions.version', '<', version))
      .returning('version')
      .executeTakeFirst();
    if (newer) await write(trx);
  });
}

/** Above any count a run reaches: what the record writes so no late write of the run's open order lands after it. */
const CLOSED = 2_147_483_647;

/** The run's open order is settled (its record written): any write of it still on its way is dropped. */
export async function closeOpenOrder(db: Transaction<Tables> | RecordsDb, workflowId: string): Promise<void> {
  await db.insertInto('publishedVersions').values({ replenishmentId: workflowId, what: OPEN_ORDER, version: CLOSED })
    .onConflict((oc) => oc.columns(['replenishmentId', 'what']).doUpdateSet({ version: CLOSED }))
    .execute();
}
