// Run as its own process: opens (and so migrates) the records database in the file given, and says how it went.
import { openRecordsDb } from '../../src/records/database.js';

const file = process.argv[2];
if (!file) throw new Error('usage: open-records.ts <sqlite file>');
try {
  const db = await openRecordsDb({ kind: 'sqlite', file });
  await db.destroy();
  process.stdout.write('migrated\n');
} catch (err) {
  process.stdout.write(`failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
