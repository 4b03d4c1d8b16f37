import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { accessSync, constants, createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEEDED_SUPPLIERS } from '../../src/sandbox/seed.js';
import { DEMO_DAY_MS } from '../../src/config.js';
import { startCluster } from './cluster.js';
import { ready, spawnRole, type RoleProcess } from './roles.js';

/**
 * `npm run cluster`: the production shape on one machine with no container engine. Temporal on a
 * private PostgreSQL (bench/cluster/cluster.ts), its Web UI, the sandbox world in demo mode, two
 * `worker` processes and one `api` process, each started as `npm run worker` / `npm run api` would be.
 * Data stays in DATA_DIR/cluster between runs; Ctrl-C stops everything.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = resolve(process.env.DATA_DIR ?? join(ROOT, 'data'), 'cluster');
const base = Number(process.env.CLUSTER_PORT ?? 7600);
const workers = Number(process.env.CLUSTER_WORKERS ?? 2);
const apiPort = Number(process.env.API_PORT ?? 3000);
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4100);
const dayMs = process.env.DAY_MS ?? String(DEMO_DAY_MS);
const say = (l: string) => console.error(`[cluster] ${l}`);

mkdirSync(join(dir, 'logs'), { recursive: true });
try {
  accessSync(dir, constants.W_OK);
} catch {
  say(`cannot write to ${dir}; set DATA_DIR`);
  process.exit(2);
}
const cluster = await startCluster({ dir, basePort: base, ui: true, retentionDays: Number(process.env.RETENTION_DAYS ?? 7), say });

const secret = () => randomBytes(24).toString('base64url');
const managerToken = secret();
const secrets = {
  SUPPLIER_SECRETS: SEEDED_SUPPLIERS.map((s) => `${s}:${secret()}`).join(','),
  WAREHOUSE_SECRET: secret(),
};
const apiUrl = `http://127.0.0.1:${apiPort}`;
const worldUrl = `http://127.0.0.1:${sandboxPort}`;
const log = (name: string) => join(dir, 'logs', `${name}.log`);

const sandboxOut = createWriteStream(log('sandbox'), { flags: 'a' });
const sandbox = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/server.ts'], {
  cwd: ROOT,
  env: { ...process.env, ...secrets, SANDBOX_PORT: String(sandboxPort), SANDBOX_DB: join(dir, 'sandbox.sqlite'), SANDBOX_API_URL: apiUrl, DAY_MS: dayMs },
  stdio: ['ignore', 'pipe', 'pipe'],
});
sandbox.stdout!.pipe(sandboxOut);
sandbox.stderr!.pipe(sandboxOut);

const env = {
  ...secrets, TEMPORAL_ADDRESS: cluster.address, TEMPORAL_NAMESPACE: cluster.namespace, WORLD_URL: worldUrl,
  MANAGER_TOKENS: `manager:${managerToken}`, DAY_MS: dayMs,
  ...(cluster.uiUrl ? { TEMPORAL_UI_URL: cluster.uiUrl } : {}),
};
const roles: RoleProcess[] = [
  ...Array.from({ length: workers }, (_, i) => spawnRole('worker', { name: `worker-${i + 1}`, port: base + 30 + i, metricsPort: base + 40 + i, env, logFile: log(`worker-${i + 1}`) })),
  spawnRole('api', { name: 'api', port: apiPort, env, logFile: log('api') }),
];
await Promise.all(roles.map((r) => ready(r, 120_000)));

// The demo catalogue gets its agents; starting one that runs already changes nothing.
const inventory = await fetch(`${worldUrl}/inventory`).then((r) => r.json()) as { items: { sku: string }[] };
for (const { sku } of inventory.items) {
  await fetch(`${apiUrl}/agents`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` }, body: JSON.stringify({ sku }) });
}

say(`ready: REST API ${apiUrl} · Temporal ${cluster.address} · Web UI ${cluster.uiUrl ?? `none (${cluster.uiMissing})`}`);
for (const r of roles) say(`${r.name}: ${r.url} (pid ${r.child.pid}; /health, /ready, /metrics)`);
say(`manager token for this run: ${managerToken}`);
say(`logs in ${join(dir, 'logs')}; Ctrl-C stops everything (data stays in ${dir})`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping`);
    void (async () => {
      await Promise.all(roles.map((r) => r.stop()));
      sandbox.kill('SIGTERM');
      await cluster.stop();
      say('stopped');
      process.exit(0);
    })();
  });
}
