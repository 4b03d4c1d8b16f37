import { z } from 'zod';
import { Rules } from './domain/rules.js';

const port = z.coerce.number().int().min(0).max(65535);
const positive = z.coerce.number().positive();
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Every setting the service reads, from the environment, checked once at start-up. */
export const Env = z.object({
  TEMPORAL_ADDRESS: z.string().regex(/^[^:\s]+:\d+$/, 'expected host:port').optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('stock-replenisher'),
  TEMPORAL_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  DATA_DIR: z.string().min(1).default('./data'),
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: port.default(3000),
  WORLD_URL: z.url().optional(),
  SANDBOX_PORT: port.default(4100),
  SANDBOX_DEMO: flag.default(true),
  DECIDER: z.enum(['policy', 'claude']).optional(),
  /** Set, with DECIDER unset, it selects the Claude decider. */
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-5-5'),
  ANTHROPIC_BASE_URL: z.url().optional(),
  /** One call to the Messages API; three calls (a decide's re-asks) must fit the decide activity's 2 minutes. */
  ANTHROPIC_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Input plus output tokens one replenishment may spend on the model's decisions. */
  TOKEN_BUDGET: z.coerce.number().int().positive().optional(),
  /** Length of a business day in ms. Unset: a real day, or 20 s when the demo sandbox plays the world. */
  DAY_MS: z.coerce.number().int().positive().optional(),
  APPROVAL_WAIT_DAYS: positive.optional(),
  SUPPLIER_REPLY_DAYS: positive.optional(),
  GOODS_SLACK_DAYS: z.coerce.number().nonnegative().optional(),
  MAX_TURNS: z.coerce.number().int().positive().optional(),
  MAX_CHASES: z.coerce.number().int().nonnegative().optional(),
  MAX_APPROVAL_REQUESTS: z.coerce.number().int().positive().optional(),
  STOCK_CHECK_EVERY_DAYS: positive.optional(),
  MANAGER: z.string().min(1).optional(),
  /** Worker versioning (Temporal worker deployments): both set, or neither. */
  TEMPORAL_DEPLOYMENT_NAME: z.string().min(1).optional(),
  TEMPORAL_BUILD_ID: z.string().min(1).optional(),
  TEMPORAL_VERSIONING_BEHAVIOR: z.enum(['AUTO_UPGRADE', 'PINNED']).default('AUTO_UPGRADE'),
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().positive().default(1000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
});
export type Env = z.infer<typeof Env>;

export interface Config {
  env: Env;
  rules: Rules;
}

/** A demo day short enough to watch a whole replenishment in a few minutes. */
export const DEMO_DAY_MS = 20_000;

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(source[String(i.path[0])])})`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.TEMPORAL_DEPLOYMENT_NAME === undefined) !== (env.TEMPORAL_BUILD_ID === undefined)) {
    throw new ConfigError('invalid configuration:\n  TEMPORAL_DEPLOYMENT_NAME and TEMPORAL_BUILD_ID go together: set both for worker versioning, or neither');
  }
  if (env.DECIDER === 'claude' && !env.ANTHROPIC_API_KEY) {
    throw new ConfigError('invalid configuration:\n  DECIDER=claude needs ANTHROPIC_API_KEY (or leave DECIDER unset to run the policy decider)');
  }
  const rules = Rules.parse({
    dayMs: env.DAY_MS ?? (!env.WORLD_URL && env.SANDBOX_DEMO ? DEMO_DAY_MS : undefined),
    approvalWaitDays: env.APPROVAL_WAIT_DAYS,
    supplierReplyDays: env.SUPPLIER_REPLY_DAYS,
    goodsSlackDays: env.GOODS_SLACK_DAYS,
    maxTurns: env.MAX_TURNS,
    maxChases: env.MAX_CHASES,
    maxApprovalRequests: env.MAX_APPROVAL_REQUESTS,
    stockCheckEveryDays: env.STOCK_CHECK_EVERY_DAYS,
    manager: env.MANAGER,
  });
  return { env, rules };
}
