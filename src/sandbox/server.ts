import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pino } from 'pino';
import { Env } from '../config.js';
import { buildSandbox, SANDBOX_DEMAND_HISTORY_DAYS } from './app.js';
import { seedCatalogue } from './seed.js';
import { SandboxStore } from './store.js';

// Demo mode switches on when SANDBOX_API_URL names the agent service to call.
const port = Number(process.env.SANDBOX_PORT ?? 4100);
const file = process.env.SANDBOX_DB ?? './data/sandbox.sqlite';
const dayMs = Number(process.env.SANDBOX_DAY_MS ?? process.env.DAY_MS ?? 86_400_000);
const apiUrl = process.env.SANDBOX_API_URL;
const consumption = process.env.SANDBOX_CONSUMPTION_PER_DAY;
// The demo suppliers and warehouse sign what they send with the agent service's secrets.
const secrets = Env.pick({ SUPPLIER_SECRETS: true, WAREHOUSE_SECRET: true }).safeParse(process.env);
if (apiUrl && (!secrets.success || !secrets.data.SUPPLIER_SECRETS || !secrets.data.WAREHOUSE_SECRET)) {
  console.error('SANDBOX_API_URL needs SUPPLIER_SECRETS and WAREHOUSE_SECRET (valid, as the agent service has them) to sign what the demo sends');
  process.exit(2);
}

mkdirSync(dirname(file), { recursive: true });
const store = new SandboxStore(file);
seedCatalogue(store);
const app = buildSandbox({
  store,
  dayMs,
  demo: apiUrl ? {
    apiUrl,
    consumptionPerDay: consumption === undefined ? undefined : Number(consumption),
    secrets: { suppliers: secrets.data!.SUPPLIER_SECRETS!, warehouse: secrets.data!.WAREHOUSE_SECRET! },
  } : undefined,
  logger: pino({ level: process.env.LOG_LEVEL ?? 'info' }),
  demandHistoryDays: Number(process.env.SANDBOX_DEMAND_HISTORY_DAYS ?? SANDBOX_DEMAND_HISTORY_DAYS),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'sandbox shutting down');
    void app.close().then(() => store.close());
  });
}

await app.listen({ port, host: process.env.SANDBOX_HOST ?? '127.0.0.1' });
