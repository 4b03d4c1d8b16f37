import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { pino } from 'pino';
import { buildSandbox } from './app.js';
import { seedCatalogue } from './seed.js';
import { SandboxStore } from './store.js';

// Demo mode switches on when SANDBOX_API_URL names the agent service to call.
const port = Number(process.env.SANDBOX_PORT ?? 4100);
const file = process.env.SANDBOX_DB ?? './data/sandbox.sqlite';
const dayMs = Number(process.env.SANDBOX_DAY_MS ?? process.env.DAY_MS ?? 86_400_000);
const apiUrl = process.env.SANDBOX_API_URL;
const consumption = process.env.SANDBOX_CONSUMPTION_PER_DAY;

mkdirSync(dirname(file), { recursive: true });
const store = new SandboxStore(file);
seedCatalogue(store);
const app = buildSandbox({
  store,
  dayMs,
  demo: apiUrl ? { apiUrl, consumptionPerDay: consumption === undefined ? undefined : Number(consumption) } : undefined,
  logger: pino({ level: process.env.LOG_LEVEL ?? 'info' }),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'sandbox shutting down');
    void app.close().then(() => store.close());
  });
}

await app.listen({ port, host: process.env.SANDBOX_HOST ?? '127.0.0.1' });
