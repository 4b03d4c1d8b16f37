import type { RecordsDb, UsedKeysTable as UsedKey } from './database.js';

export type { UsedKeysTable as UsedKey } from './database.js';

/**
 * Keys that may be used once, in the service's database: the first `claim` of a key wins (a primary
 * key, so two processes at once cannot both win), every later one finds what used it.
 */
export class UsedKeys {
  constructor(private readonly db: RecordsDb) {}

  /** Spends the key; when it was spent before, what spent it. */
  async claim(entry: Omit<UsedKey, 'outcome'>): Promise<{ claimed: true } | { claimed: false; earlier: UsedKey }> {
    const result = await this.db.insertInto('usedKeys').values({ ...entry, outcome: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return { claimed: true };
    const earlier = await this.find(entry.key);
    // Released between the insert and the read: the caller may try again, as after any refusal.
    return earlier ? { claimed: false, earlier } : this.claim(entry);
  }

  async find(key: string): Promise<UsedKey | null> {
    return (await this.db.selectFrom('usedKeys').selectAll().where('key', '=', key).executeTakeFirst()) ?? null;
  }

  /** What came of the use, for the answer to a second one. */
  async settle(key: string, outcome: string): Promise<void> {
    await this.db.updateTable('usedKeys').set({ outcome: outcome.slice(0, 1000) }).where('key', '=', key).execute();
  }

  /** Gives the key back: its use never reached the agent (Temporal could not be reached), so it may be tried again. */
  async release(key: string): Promise<void> {
    await this.db.deleteFrom('usedKeys').where('key', '=', key).execute();
  }
}
