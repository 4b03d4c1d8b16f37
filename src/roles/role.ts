import { READINESS as WORKER_READINESS } from '../api/routes-operations.js';
import { ConfigError, type Env } from '../config.js';

/**
 * What one process runs. `all` is `npm start`: its own Temporal dev server and demo world when
 * none is configured, the worker and the REST API. `worker` polls the task queue only; `api`
 * serves the REST API and the page only. Any number of each run against one Temporal service.
 */
export const ROLES = ['all', 'worker', 'api'] as const;
export type Role = (typeof ROLES)[number];

export function roleOf(args: readonly string[]): Role {
  const given = args[0] ?? 'all';
  if (!(ROLES as readonly string[]).includes(given)) {
    throw new ConfigError(`unknown role ${JSON.stringify(given)}: expected one of ${ROLES.join(', ')} (npm start, npm run worker, npm run api)`);
  }
  return given as Role;
}

/**
 * A worker or API replica shares Temporal and the world with the others, so it starts neither:
 * both must be given.
 */
export function checkRole(role: Role, env: Env): void {
  if (role === 'all') return;
  const missing = [!env.TEMPORAL_ADDRESS && 'TEMPORAL_ADDRESS', !env.WORLD_URL && 'WORLD_URL'].filter(Boolean);
  if (missing.length) {
    throw new ConfigError(`invalid configuration:\n  the ${role} role needs ${missing.join(' and ')}: it shares Temporal and the world with the other processes and starts neither itself (npm start runs both for one machine)`);
  }
}

/** What /ready waits for in each role. */
export const READINESS: Record<Role, readonly string[]> = {
  all: WORKER_READINESS,
  worker: WORKER_READINESS,
  api: ['temporal'],
};
