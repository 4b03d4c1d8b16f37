import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomBytes } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { buildApp } from '../src/api/app.js';
import type { World } from '../src/domain/world.js';
import { Rules } from '../src/domain/rules.js';
import { recordsLocation, type RecordsLocation } from '../src/records/database.js';
import { openRecords } from '../src/records/store.js';
import { startPostgres } from '../test/support/postgres.js';
import { round } from './support/measure.js';
import { seedRecords } from './support/seed-records.js';
import { percentile } from './support/stack.js';

/**
 * `npm run bench:records`: the purchasing record's reads through the real HTTP API at
 * `--records` settled replenishments (10,000 by default), in an SQLite file and in PostgreSQL:
 * a page of 100 (no filter, by supplier and outcome, by SKU and half a year, and a page deep in via the cursor),
 * the spend per supplier and month, one PO, and the CSV export of every record. Also how long
 * writing them took, one upsert at a time as the activity does.
 */
const { values } = parseArgs({ options: { records: { type: 'string', default: '10000' }, requests: { type: 'string', default: '200' }, name: { type: 'string', default: 'records' } } });
const N = Number(values.records);
const REQUESTS = Number(values.requests);
const SKUS = Math.max(1, Math.round(N / 20));

async function timed(url: string, n: number): Promise<{ p50: number; p99: number; max: number; bytes: number }> {
  const xs: number[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const res = await fetch(url);
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${Buffer.from(body).toString().slice(0, 200)}`);
    xs.push(performance.now() - t);
    bytes = body.byteLength;
  }
  return { p50: round(percentile(xs, 50), 1), p99: round(percentile(xs, 99), 1), max: round(Math.max(...xs), 1), bytes };
}

async function measure(where: RecordsLocation) {
  const records = await openRecords(where);
  const writeMs = await seedRecords(records, N, (i) => `SKU-${i % SKUS}`);
  // The record routes never reach Temporal: a lazy connection that is never opened.
  const client = new Client({ connection: Connection.lazy({ address: '127.0.0.1:1' }) });
  const app = buildApp({
    client, world: {} as World, taskQueue: 'bench', rules: Rules.parse({}), records,
    security: { managerTokens: {}, supplierSecrets: {}, warehouseSecret: randomBytes(16).toString('hex'), rateLimitPerMinute: 1e9 },
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const deep = await fetch(`${base}/purchase-orders?limit=${Math.min(500, Math.floor(N / 2))}`).then((r) => r.json()) as { next: string };
  const figures = {
    writeMsPerRecord: round(writeMs, 2),
    page: await timed(`${base}/purchase-orders?limit=100`, REQUESTS),
    bySupplier: await timed(`${base}/purchase-orders?limit=100&supplier=quickparts&outcome=received`, REQUESTS),
    bySkuAndMonths: await timed(`${base}/purchase-orders?limit=100&sku=SKU-7&from=2026-01-01&to=2026-06-30`, REQUESTS),
    afterCursor: await timed(`${base}/purchase-orders?limit=100&after=${deep.next}`, REQUESTS),
    spend: await timed(`${base}/purchase-orders/spend`, REQUESTS),
    onePo: await timed(`${base}/purchase-orders/PO-SKU-7-7/record`, REQUESTS),
    csvAll: await timed(`${base}/purchase-orders.csv`, Math.max(3, Math.round(REQUESTS / 40))),
  };
  await app.close();
  await records.close();
  return figures;
}

const dir = mkdtempSync(join(tmpdir(), 'replenisher-bench-records-'));
const postgres = await startPostgres();
try {
  const results = {
    name: values.name, at: new Date().toISOString(), records: N, requestsPerFigure: REQUESTS,
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    sqlite: await measure(recordsLocation({}, dir)),
    postgres: await measure({ kind: 'postgres', url: postgres.url }),
  };
  const outDir = new URL('./results/', import.meta.url).pathname;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${values.name}.json`), `${JSON.stringify(results, null, 2)}\n`);
  const rows = (['page', 'bySupplier', 'bySkuAndMonths', 'afterCursor', 'spend', 'onePo', 'csvAll'] as const)
    .map((k) => `| ${k} | ${results.sqlite[k].p50} / ${results.sqlite[k].p99} | ${results.postgres[k].p50} / ${results.postgres[k].p99} | ${results.sqlite[k].bytes} |`);
  console.log([
    `purchasing record, ${N} records, ${REQUESTS} requests per figure (ms, p50 / p99)`,
    '| read | SQLite | PostgreSQL | bytes |', '|---|---|---|---|', ...rows,
    `| write, ms per record (one upsert at a time) | ${results.sqlite.writeMsPerRecord} | ${results.postgres.writeMsPerRecord} | |`,
  ].join('\n'));
} finally {
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
