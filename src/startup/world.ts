import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../config.js';
import type { Rules } from '../domain/rules.js';
import type { World } from '../domain/world.js';
import type { Security } from '../api/security.js';
import { buildSandbox, SANDBOX_DEMAND_HISTORY_DAYS } from '../sandbox/app.js';
import { seedCatalogue } from '../sandbox/seed.js';
import { SandboxStore } from '../sandbox/store.js';
import { createWorldClient } from '../world/client.js';
import { withNotifyWebhook } from '../world/webhook.js';
import { withApprovalLinks } from '../world/approval-links.js';
import { currencyOf } from '../domain/rules.js';
import type { Stop } from './lifecycle.js';

export interface WorldStarted {
  worldUrl: string;
  world: World;
  /** Only for the sandbox this start ran. */
  stop?: Stop;
}

/** The world the agents talk to: WORLD_URL's adapters, or the embedded sandbox (in demo mode, suppliers and warehouse act on their own). */
export async function startWorld(env: Env, rules: Rules, security: Security, dataDir: string, log: Logger): Promise<WorldStarted> {
  let worldUrl = env.WORLD_URL;
  let stop: Stop | undefined;
  if (!worldUrl) {
    const store = new SandboxStore(join(dataDir, 'sandbox.sqlite'));
    seedCatalogue(store);
    const sandbox = buildSandbox({
      store,
      dayMs: rules.dayMs,
      demo: env.SANDBOX_DEMO ? {
        apiUrl: `http://127.0.0.1:${env.API_PORT}`,
        secrets: { suppliers: security.supplierSecrets, warehouse: security.warehouseSecret },
      } : undefined,
      logger: log.child({ part: 'sandbox' }),
      demandHistoryDays: SANDBOX_DEMAND_HISTORY_DAYS,
    });
    worldUrl = (await sandbox.listen({ port: env.SANDBOX_PORT, host: '127.0.0.1' })).replace('[::1]', '127.0.0.1');
    stop = async () => { await sandbox.close(); store.close(); };
    log.info(`sandbox world on ${worldUrl}${env.SANDBOX_DEMO ? ' (demo: suppliers and warehouse act on their own)' : ''}; a business day lasts ${rules.dayMs} ms`);
  }
  const client = createWorldClient({ baseUrl: worldUrl });
  const delivered = env.NOTIFY_WEBHOOK_URL
    ? withNotifyWebhook(client, { url: env.NOTIFY_WEBHOOK_URL, ...(env.NOTIFY_WEBHOOK_SECRET ? { secret: env.NOTIFY_WEBHOOK_SECRET } : {}) })
    : client;
  // Outermost, so that the webhook and the world's inbox both get the links.
  const world = security.approvalLinks ? withApprovalLinks(delivered, security.approvalLinks, currencyOf(rules)) : delivered;
  return { worldUrl, world, ...(stop ? { stop } : {}) };
}
