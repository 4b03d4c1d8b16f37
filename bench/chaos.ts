import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DefaultLogger, Runtime } from '@temporalio/worker';
import { GatheringSpec } from '../src/config.js';
import { checkChaos, report, type Order } from './chaos/check.js';
import { runChaos } from './chaos/run.js';

/**
 * `npm run chaos`: the soak run. 50 SKUs × 4 replenishments while the worker is SIGKILLed every
 * 5–20 s, the dev server is restarted twice, a Web UI-like client queries every running
 * replenishment every second, the world fails (10% errors, 5% answers dropped after
 * commit, latency, a silent supplier) and the manager decides late or not at all. Exits 1 on any
 * violation. `--skus`, `--per-sku`, `--day-ms`, `--limit-min` change the size; `--keep` keeps the data.
 * `--cluster` runs on Temporal with PostgreSQL (bench/cluster), whose server is SIGKILLed and
 * restarted instead, and PostgreSQL crashed and restarted `--postgres-restarts` times (2).
 * `--gathering` says which suppliers gather their SKUs' lines into consolidated POs, as
 * SUPPLIER_GATHERING does (quickparts, half the SKUs that get answers, by default; `none` for no one).
 */
Runtime.install({ logger: new DefaultLogger('ERROR') });
const { values } = parseArgs({
  options: {
    skus: { type: 'string', default: '50' },
    'per-sku': { type: 'string', default: '4' },
    'day-ms': { type: 'string', default: '1000' },
    'limit-min': { type: 'string', default: '25' },
    'server-restarts': { type: 'string', default: '2' },
    cluster: { type: 'boolean', default: false },
    'postgres-restarts': { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
    gathering: { type: 'string', default: 'quickparts=6h' },
  },
});
const gathering = values.gathering === 'none' ? undefined : GatheringSpec.parse(values.gathering);
const dir = mkdtempSync(join(tmpdir(), 'replenisher-chaos-'));
const log = (l: string) => console.log(`[chaos] ${l}`);
log(`data in ${dir}`);
const { record, stack } = await runChaos({
  dir, skus: Number(values.skus), perSku: Number(values['per-sku']), dayMs: Number(values['day-ms']),
  kills: { everyMs: [5_000, 20_000] }, serverRestarts: Number(values['server-restarts']), faults: true, silentSupplier: true, gathering,
  cluster: values.cluster, postgresRestarts: values.cluster ? Number(values['postgres-restarts']) : 0,
  limitMs: Number(values['limit-min']) * 60_000, log,
});
const orders = (await stack.sandboxHttp('GET', '/orders')).body.orders as Order[];
const checks = await checkChaos({ client: stack.client, taskQueue: stack.taskQueue, bundlePath: stack.bundlePath, orders, record });
console.log(report(record, checks));
await stack.stop();
if (!values.keep) rmSync(dir, { recursive: true, force: true });
const failed = checks.some((c) => !c.ok) || !record.reachedTarget || record.serverRestarts < Number(values['server-restarts'])
  || (values.cluster && record.postgresRestarts < Number(values['postgres-restarts']));
process.exit(failed ? 1 : 0);
