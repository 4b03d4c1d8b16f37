import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { fileScope, tempFile } from '../support/sandbox.js';

const { cleanup } = fileScope();
const SCRIPT = fileURLToPath(new URL('../support/open-records.ts', import.meta.url));

/** One process opening the database, as a worker or an API replica does at start. */
const openInProcess = (file: string) => new Promise<string>((resolve, reject) => {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
  child.once('error', reject);
  child.once('exit', () => resolve(out.trim()));
});

describe('migrating the records database', () => {
  // Without a retry, about one start in eight of three processes on a fresh file failed on a table the other had just made.
  it('processes that start together on one fresh SQLite file all migrate it, and it is migrated once', async () => {
    for (let round = 0; round < 8; round++) {
      const file = tempFile(cleanup);
      const answers = await Promise.all(Array.from({ length: 4 }, () => openInProcess(file)));
      expect(answers).toEqual(['migrated', 'migrated', 'migrated', 'migrated']);
      const db = new Database(file, { readonly: true });
      try {
        const names = db.prepare('select name from kysely_migration order by name').all().map((r) => (r as { name: string }).name);
        expect(names).toEqual([...new Set(names)]);
        expect(names.at(-1)).toBe('009-supplier-orders');
        expect(db.prepare("select count(*) as n from sqlite_master where type = 'table' and name in ('open_purchase_orders', 'mail_received')").get()).toEqual({ n: 2 });
      } finally {
        db.close();
      }
    }
  }, 120_000);
});
