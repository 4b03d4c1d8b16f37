import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Security } from './api/security.js';
import { Gathering } from './domain/gathering.js';
import { Rules } from './domain/rules.js';
import { MAIL_ENV, MAIL_SECRETS, mailConfigProblem } from './mail/settings.js';

const port = z.coerce.number().int().min(0).max(65535);
const positive = z.coerce.number().positive();
const serviceLevel = z.coerce.number()
  .gt(0.5, 'a cycle service level is above 0.5 (a safety stock of nothing) and at most 0.999, e.g. 0.95')
  .lte(0.999, 'a cycle service level is at most 0.999 (1 would need infinite stock), e.g. 0.95');
const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}._@+-]{0,99}$/u;
const secret = (min: number) => z.string().min(min, `must be at least ${min} characters`);
/** `name:secret,name:secret`: names are letters, digits and `._@+-`; secrets have no commas. */
const pairs = (what: string, min: number) => z.string().transform((raw, ctx) => {
  const out: Record<string, string> = {};
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = part.indexOf(':');
    const name = part.slice(0, Math.max(at, 0)).trim();
    const value = at < 0 ? '' : part.slice(at + 1).trim();
    const problem = !NAME.test(name) ? `expected ${what}:secret pairs separated by commas (${what}: letters, digits, ._@+-)`
      : value.length < min ? `the secret of ${name} must be at least ${min} characters`
        : Object.hasOwn(out, name) ? `${name} is given twice` : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    out[name] = value;
  }
  if (Object.keys(out).length === 0) ctx.addIssue({ code: 'custom', message: `expected at least one ${what}:secret pair` });
  return out;
});
/** `name:amount,name:amount`: each manager's approval limit, the largest PO total they may approve. */
const limits = z.string().transform((raw, ctx) => {
  const out: Record<string, number> = {};
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [name = '', amount = '', ...rest] = part.split(':').map((x) => x.trim());
    const value = Number(amount);
    const problem = !NAME.test(name) || rest.length > 0 || amount === '' ? 'expected name:amount pairs separated by commas, e.g. dana:5000,lee:50000'
      : !Number.isFinite(value) || value < 0 ? `the approval limit of ${name} must be a number of at least 0, got ${JSON.stringify(amount)}`
        : Object.hasOwn(out, name) ? `${name} is given twice` : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    out[name] = value;
  }
  return out;
});
/** `slackUser:name,slackUser:name`: which Slack user (U…) is which manager. */
const slackUsers = z.string().transform((raw, ctx) => {
  const out: Record<string, string> = {};
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [user = '', name = '', ...rest] = part.split(':').map((x) => x.trim());
    const problem = !/^[A-Z0-9]{2,30}$/.test(user) || !NAME.test(name) || rest.length > 0 ? 'expected slackUserId:manager pairs separated by commas, e.g. U024BE7LH:dana'
      : Object.hasOwn(out, user) ? `${user} is given twice` : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    out[user] = name;
  }
  if (Object.keys(out).length === 0) ctx.addIssue({ code: 'custom', message: 'expected at least one slackUserId:manager pair' });
  return out;
});
/**
 * `supplier=8h,supplier=14:00`: a gathering window in business hours, or a daily cut-off (UTC) of
 * a business day, per supplier (src/domain/gathering.ts).
 */
export const GatheringSpec = z.string().transform((raw, ctx) => {
  const out: Record<string, unknown> = {};
  for (const part of raw.split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = part.indexOf('=');
    const supplier = part.slice(0, Math.max(at, 0)).trim();
    const value = at < 0 ? '' : part.slice(at + 1).trim();
    const hours = /^(\d+(?:\.\d+)?)h$/.exec(value);
    const setting = hours ? { windowHours: Number(hours[1]) } : { cutoff: value };
    const parsed = Gathering.safeParse({ [supplier]: setting });
    const problem = at < 0 || !supplier ? 'expected supplier=<hours>h or supplier=HH:MM pairs separated by commas, e.g. quickparts=8h,acme-industrial=14:00'
      : Object.hasOwn(out, supplier) ? `${supplier} is given twice`
        : !parsed.success ? `${supplier}: ${hours ? 'a window is more than 0 and at most 720 hours' : parsed.error.issues[0]!.message}` : null;
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    out[supplier] = setting;
  }
  return Gathering.parse(out);
});
/** Never echoed in a configuration error. */
const SECRETS = new Set([
  'DATABASE_URL', 'ANTHROPIC_API_KEY', 'NOTIFY_WEBHOOK_URL', 'NOTIFY_WEBHOOK_SECRET', 'MANAGER_TOKENS', 'JWT_SECRET', 'SUPPLIER_SECRETS', 'WAREHOUSE_SECRET',
  'TEMPORAL_API_KEY', 'APPROVAL_LINK_SECRET', 'SLACK_SIGNING_SECRET', ...MAIL_SECRETS,
]);

/** Every setting the service reads, from the environment, checked once at start-up. */

/**
 * The SDK's 10 s means a worker's SIGKILL delays each of its workflows' next wake by 10 s; short
 * histories (continue-as-new) make the replay a shorter timeout can cause cheap. Measured in
 * `npm run bench` (wake after SIGKILL) and docs/benchmarks.md.
 */
export const WORKER_STICKY_TIMEOUT_MS = 3_000;
/**
 * Workflows a worker keeps in its sticky cache. With 1,000 a worker reached 2.8 GB at 10,000
 * agents; 250 (with the heap limit of src/roles/heap.ts) kept it under 1 GB. A few hundred SKUs
 * lose little: an agent at rest sits on a timer, and an evicted one replays a short history when
 * it wakes (docs/benchmarks.md, "Worker settings").
 */
export const WORKER_MAX_CACHED_WORKFLOWS = 250;
export const Env = z.object({
  TEMPORAL_ADDRESS: z.string().regex(/^[^:\s]+:\d+$/, 'expected host:port').optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('stock-replenisher'),
  TEMPORAL_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
  /** Where the page links a workflow in the Temporal Web UI; unset: the embedded server's UI (TEMPORAL_UI_PORT on localhost). */
  TEMPORAL_UI_URL: z.url().optional(),
  /** Temporal Cloud API key (sent as a bearer token; implies TLS). */
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  /** mTLS to the Temporal server: PEM files of the client certificate and key (both or neither), and of the CA that signed the server's. */
  TEMPORAL_TLS_CERT: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS_CA: z.string().min(1).optional(),
  /** The name the server's certificate is checked against, when it is not the host of TEMPORAL_ADDRESS. */
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** PostgreSQL for the purchasing record (`postgres://user:password@host:port/db`); unset: `records.sqlite` in DATA_DIR. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// or postgresql:// URL' }).optional(),
  /**
   * How long the embedded dev server's namespace keeps a closed workflow's history; the purchasing
   * record keeps every PO beyond it. With TEMPORAL_ADDRESS the server's operator sets retention.
   */
  TEMPORAL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
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
  /** `claude` or `pattern`. Unset: Claude reads supplier replies whenever ANTHROPIC_API_KEY is set, whatever the decider. */
  READER: z.enum(['pattern', 'claude']).optional(),
  /** The model that reads supplier replies; unset, ANTHROPIC_MODEL. */
  ANTHROPIC_READER_MODEL: z.string().min(1).optional(),
  /**
   * One reading call. The read runs inside a tool activity cut at 30 s, and a call that fails
   * falls back to the pattern reader within that time, hence the cap.
   */
  ANTHROPIC_READER_TIMEOUT_MS: z.coerce.number().int().positive().max(25_000, 'must be at most 25000: the read runs inside a tool activity cut at 30 s').default(20_000),
  /** Tokens of every kind (input, cache writes and reads, output) one replenishment may spend on the model's decisions. */
  TOKEN_BUDGET: z.coerce.number().int().positive().optional(),
  /**
   * Who takes a turn the model cannot decide: `policy` (the policy decider, and the manager is told
   * once) or `manager` (the run ends failed and the PO is handed to the manager).
   */
  DECIDER_FALLBACK: z.enum(['policy', 'manager']).default('policy'),
  /** Length of a business day in ms. Unset: a real day, or 20 s when the demo sandbox plays the world. */
  DAY_MS: z.coerce.number().int().positive().optional(),
  APPROVAL_WAIT_DAYS: positive.optional(),
  SUPPLIER_REPLY_DAYS: positive.optional(),
  GOODS_SLACK_DAYS: z.coerce.number().nonnegative().optional(),
  MAX_TURNS: z.coerce.number().int().positive().optional(),
  MAX_CHASES: z.coerce.number().int().nonnegative().optional(),
  MAX_FAILED_CALLS: z.coerce.number().int().positive().optional(),
  MAX_APPROVAL_REQUESTS: z.coerce.number().int().positive().optional(),
  STOCK_CHECK_EVERY_DAYS: positive.optional(),
  MANAGER: z.string().min(1).optional(),
  /** Approval by rule (docs/approval-policy.md): a PO whose total is below this is approved without the manager if the other conditions hold. Unset: every PO goes to the manager. */
  AUTO_APPROVE_BELOW: positive.optional(),
  /** How far (percent) above the last price paid to the supplier a PO approved by rule may be. */
  PRICE_TOLERANCE_PCT: z.coerce.number().nonnegative().default(5),
  /** What approvals by rule may commit per calendar month (UTC), across every agent; needed with AUTO_APPROVE_BELOW. */
  BUDGET_PER_MONTH: positive.optional(),
  /** A consolidated PO whose lines are each routine is approved by rule when its total is below this. Unset: 10 × AUTO_APPROVE_BELOW, at most TWO_APPROVALS_ABOVE. */
  AUTO_APPROVE_CONSOLIDATED_BELOW: positive.optional(),
  /** ISO 4217: every amount is in it, and a supplier reply quoting another currency is unclear. */
  CURRENCY: z.string().regex(/^[A-Z]{3}$/, 'expected an ISO 4217 code of 3 capital letters, e.g. USD or EUR').default('USD'),
  /** Worker versioning (Temporal worker deployments): both set, or neither. */
  TEMPORAL_DEPLOYMENT_NAME: z.string().min(1).optional(),
  TEMPORAL_BUILD_ID: z.string().min(1).optional(),
  TEMPORAL_VERSIONING_BEHAVIOR: z.enum(['AUTO_UPGRADE', 'PINNED']).default('AUTO_UPGRADE'),
  WORKER_MAX_CACHED_WORKFLOWS: z.coerce.number().int().positive().default(WORKER_MAX_CACHED_WORKFLOWS),
  /** How long a workflow's next task waits for the worker that has it cached before any worker may take it. */
  WORKER_STICKY_TIMEOUT_MS: z.coerce.number().int().positive().default(WORKER_STICKY_TIMEOUT_MS),
  /** The Temporal worker's own Prometheus exporter, on 127.0.0.1; the API's /metrics includes it. 0: off. */
  METRICS_PORT: port.default(9464),
  /** Notifications to people are also POSTed here as JSON (besides the world's inbox). */
  NOTIFY_WEBHOOK_URL: z.url().optional(),
  /** Signs each webhook notification (HMAC-SHA256 over timestamp and body), so a receiver can trust it. */
  NOTIFY_WEBHOOK_SECRET: secret(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace']).default('info'),
  /** Managers' static bearer tokens, `name:token,...`; the name is recorded as the approver. */
  MANAGER_TOKENS: pairs('name', 16).optional(),
  /** Managers' approval limits, `name:amount,...` (the largest PO total each may approve); a JWT's `approval_limit` claim wins. Unset: no limits. */
  MANAGER_LIMITS: limits.optional(),
  /** A PO whose total is above this needs the approvals of two different managers. Unset: one approval. */
  TWO_APPROVALS_ABOVE: positive.optional(),
  /** Cycle service level safety stock aims at (README, "How much and when"); per ABC class below, and a SKU's own in the warehouse, win. */
  SERVICE_LEVEL: serviceLevel.optional(),
  SERVICE_LEVEL_A: serviceLevel.optional(),
  SERVICE_LEVEL_B: serviceLevel.optional(),
  SERVICE_LEVEL_C: serviceLevel.optional(),
  /** What placing one order costs, in CURRENCY: the order quantity weighs it against holding cost. */
  ORDER_COST: z.coerce.number().nonnegative('must not be negative').optional(),
  /** What keeping a unit a year costs, in percent of its price. */
  HOLDING_COST_PCT_PER_YEAR: z.coerce.number().nonnegative('must not be negative').optional(),
  /** HS256 JWTs for managers: `sub` is the approver, `exp` required, issuer (and audience) checked. */
  JWT_SECRET: secret(32).optional(),
  JWT_ISSUER: z.string().min(1).optional(),
  JWT_AUDIENCE: z.string().min(1).optional(),
  /** GET routes need a manager's token too. */
  READ_REQUIRES_AUTH: flag.default(false),
  /** Per-supplier HMAC secrets for signed replies, `supplier:secret,...`. */
  SUPPLIER_SECRETS: pairs('supplier', 16).optional(),
  /** HMAC secret of the warehouse's signed goods receipts. */
  WAREHOUSE_SECRET: secret(16).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /**
   * Proxies in front of the API whose X-Forwarded-For is believed: `true` (any), a hop count, or
   * addresses/CIDRs separated by commas. Unset: the peer's address is the client's.
   */
  TRUST_PROXY: z.string().min(1).transform((raw, ctx): boolean | number | string[] => {
    if (raw === 'true' || raw === 'false') return raw === 'true';
    if (/^\d+$/.test(raw)) return Number(raw);
    const list = raw.split(',').map((a) => a.trim()).filter(Boolean);
    const bad = list.find((a) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
    if (bad !== undefined || list.length === 0) {
      ctx.addIssue({ code: 'custom', message: `expected true, false, a number of proxy hops, or IP addresses/CIDRs separated by commas${bad ? ` (not one: ${bad.slice(0, 50)})` : ''}` });
      return z.NEVER;
    }
    return list;
  }).optional(),
  /** /metrics, /docs and /openapi.json need a manager's token (/health and /ready stay open). */
  OPERATIONS_REQUIRE_AUTH: flag.default(false),
  /** Signs approval links (HMAC-SHA256); every process of a deployment needs the same. Unset: made up in the demo, no links with WORLD_URL. */
  APPROVAL_LINK_SECRET: secret(32).optional(),
  /** How long an approval link lasts. */
  APPROVAL_LINK_TTL_HOURS: positive.default(72),
  /** Where people reach the API (links in notifications are built on it); default http://<API_HOST>:<API_PORT>. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The Slack app's signing secret: POST /slack/interactions takes only requests Slack signed with it. */
  SLACK_SIGNING_SECRET: secret(16).optional(),
  /** Which Slack user is which manager, `U024BE7LH:dana,...`: only they decide from Slack, as that manager. */
  SLACK_APPROVERS: slackUsers.optional(),
  /** Suppliers whose lines gather into one consolidated PO: `supplier=8h` (a window) or `supplier=14:00` (a daily cut-off). Unset: every SKU buys alone. */
  SUPPLIER_GATHERING: GatheringSpec.optional(),
  /** Mail to and from suppliers (docs/email.md). */
  ...MAIL_ENV,
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
    const given = (name: string) => (SECRETS.has(name) ? 'value hidden' : `got ${JSON.stringify(source[name])}`);
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (${given(String(i.path[0]))})`);
    throw new ConfigError(`invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if ((env.TEMPORAL_DEPLOYMENT_NAME === undefined) !== (env.TEMPORAL_BUILD_ID === undefined)) {
    throw new ConfigError('invalid configuration:\n  TEMPORAL_DEPLOYMENT_NAME and TEMPORAL_BUILD_ID go together: set both for worker versioning, or neither');
  }
  if ((env.TEMPORAL_TLS_CERT === undefined) !== (env.TEMPORAL_TLS_KEY === undefined)) {
    throw new ConfigError('invalid configuration:\n  TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY go together: the client certificate and its key, or neither');
  }
  if (env.DECIDER === 'claude' && !env.ANTHROPIC_API_KEY) {
    throw new ConfigError('invalid configuration:\n  DECIDER=claude needs ANTHROPIC_API_KEY (or leave DECIDER unset to run the policy decider)');
  }
  if (env.READER === 'claude' && !env.ANTHROPIC_API_KEY) {
    throw new ConfigError('invalid configuration:\n  READER=claude needs ANTHROPIC_API_KEY (or leave READER unset to read replies with patterns)');
  }
  if (env.JWT_SECRET && !env.JWT_ISSUER) {
    throw new ConfigError('invalid configuration:\n  JWT_SECRET needs JWT_ISSUER: tokens are only accepted from a named issuer');
  }
  if (env.AUTO_APPROVE_BELOW !== undefined && env.BUDGET_PER_MONTH === undefined) {
    throw new ConfigError('invalid configuration:\n  AUTO_APPROVE_BELOW needs BUDGET_PER_MONTH: approvals by rule commit money without a person, so a monthly budget caps them');
  }
  if (env.AUTO_APPROVE_BELOW !== undefined && env.TWO_APPROVALS_ABOVE !== undefined && env.AUTO_APPROVE_BELOW > env.TWO_APPROVALS_ABOVE) {
    throw new ConfigError('invalid configuration:\n  AUTO_APPROVE_BELOW is above TWO_APPROVALS_ABOVE: a PO that needs two managers would be approved by rule');
  }
  if (env.AUTO_APPROVE_CONSOLIDATED_BELOW !== undefined && env.AUTO_APPROVE_BELOW === undefined) {
    throw new ConfigError('invalid configuration:\n  AUTO_APPROVE_CONSOLIDATED_BELOW needs AUTO_APPROVE_BELOW: a consolidated PO is approved by rule only when each of its lines would be');
  }
  if (env.AUTO_APPROVE_CONSOLIDATED_BELOW !== undefined && env.TWO_APPROVALS_ABOVE !== undefined && env.AUTO_APPROVE_CONSOLIDATED_BELOW > env.TWO_APPROVALS_ABOVE) {
    throw new ConfigError('invalid configuration:\n  AUTO_APPROVE_CONSOLIDATED_BELOW is above TWO_APPROVALS_ABOVE: a consolidated PO that needs two managers would be approved by rule');
  }
  if (env.SLACK_SIGNING_SECRET && !env.SLACK_APPROVERS) {
    throw new ConfigError('invalid configuration:\n  SLACK_SIGNING_SECRET needs SLACK_APPROVERS: which Slack user is which manager (U024BE7LH:dana,...)');
  }
  const mail = mailConfigProblem(env);
  if (mail) throw new ConfigError(`invalid configuration:\n  ${mail}`);
  const unsigned = [!env.SUPPLIER_SECRETS && 'SUPPLIER_SECRETS', !env.WAREHOUSE_SECRET && 'WAREHOUSE_SECRET'].filter(Boolean);
  if (env.WORLD_URL && unsigned.length) {
    throw new ConfigError(`invalid configuration:\n  WORLD_URL needs ${unsigned.join(' and ')}: messages from a real world must be signed (only the embedded demo sandbox makes up its own secrets)`);
  }
  const rules = Rules.parse({
    dayMs: env.DAY_MS ?? (!env.WORLD_URL && env.SANDBOX_DEMO ? DEMO_DAY_MS : undefined),
    approvalWaitDays: env.APPROVAL_WAIT_DAYS,
    supplierReplyDays: env.SUPPLIER_REPLY_DAYS,
    goodsSlackDays: env.GOODS_SLACK_DAYS,
    maxTurns: env.MAX_TURNS,
    maxChases: env.MAX_CHASES,
    maxFailedCalls: env.MAX_FAILED_CALLS,
    maxApprovalRequests: env.MAX_APPROVAL_REQUESTS,
    stockCheckEveryDays: env.STOCK_CHECK_EVERY_DAYS,
    manager: env.MANAGER,
    currency: env.CURRENCY,
    twoApprovalsAbove: env.TWO_APPROVALS_ABOVE,
    inventoryPolicy: {
      serviceLevel: env.SERVICE_LEVEL,
      ...(env.SERVICE_LEVEL_A ?? env.SERVICE_LEVEL_B ?? env.SERVICE_LEVEL_C ? {
        serviceLevelByClass: { A: env.SERVICE_LEVEL_A, B: env.SERVICE_LEVEL_B, C: env.SERVICE_LEVEL_C },
      } : {}),
      orderCost: env.ORDER_COST,
      holdingCostPctPerYear: env.HOLDING_COST_PCT_PER_YEAR,
    },
    ...(env.SUPPLIER_GATHERING && Object.keys(env.SUPPLIER_GATHERING).length > 0 ? { gathering: env.SUPPLIER_GATHERING } : {}),
    ...(env.AUTO_APPROVE_BELOW !== undefined && env.BUDGET_PER_MONTH !== undefined ? {
      approvalPolicy: {
        autoApproveBelow: env.AUTO_APPROVE_BELOW, priceTolerancePct: env.PRICE_TOLERANCE_PCT, budgetPerMonth: env.BUDGET_PER_MONTH,
        ...(env.AUTO_APPROVE_CONSOLIDATED_BELOW !== undefined ? { consolidatedBelow: env.AUTO_APPROVE_CONSOLIDATED_BELOW } : {}),
      },
    } : {}),
  });
  return { env, rules };
}

/** Where people reach the API: PUBLIC_URL, else the address it listens on (a wildcard address read as this machine). */
const publicUrlOf = (env: Env): string => env.PUBLIC_URL
  ?? `http://${['0.0.0.0', '::', '[::]'].includes(env.API_HOST) ? 'localhost' : env.API_HOST}:${env.API_PORT}`;

/** A random secret for a demo run. */
const generated = (): string => randomBytes(24).toString('base64url');

/**
 * The API's secrets from configuration. A demo run (nothing configured, the embedded sandbox)
 * gets random ones: a manager token to print once, and secrets for the sandbox's suppliers.
 */
export function securityOf(env: Env, sandboxSuppliers: readonly string[] = []): { security: Security; generatedManagerToken: string | null } {
  const generatedManagerToken = !env.MANAGER_TOKENS && !env.JWT_SECRET ? generated() : null;
  const security: Security = {
    managerTokens: env.MANAGER_TOKENS ?? (generatedManagerToken ? { manager: generatedManagerToken } : {}),
    ...(env.MANAGER_LIMITS ? { managerLimits: env.MANAGER_LIMITS } : {}),
    ...(env.JWT_SECRET && env.JWT_ISSUER ? {
      jwt: { secret: env.JWT_SECRET, issuer: env.JWT_ISSUER, ...(env.JWT_AUDIENCE ? { audience: env.JWT_AUDIENCE } : {}) },
    } : {}),
    readRequiresAuth: env.READ_REQUIRES_AUTH,
    supplierSecrets: env.SUPPLIER_SECRETS ?? Object.fromEntries(sandboxSuppliers.map((s) => [s, generated()])),
    warehouseSecret: env.WAREHOUSE_SECRET ?? generated(),
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    ...(env.TRUST_PROXY !== undefined ? { trustProxy: env.TRUST_PROXY } : {}),
    operationsRequireAuth: env.OPERATIONS_REQUIRE_AUTH,
    // A made-up secret holds in one process only: the demo's. A real world needs every process to sign alike.
    ...(env.APPROVAL_LINK_SECRET || !env.WORLD_URL ? { approvalLinks: {
      secret: env.APPROVAL_LINK_SECRET ?? generated(), ttlSeconds: Math.round(env.APPROVAL_LINK_TTL_HOURS * 3600), baseUrl: publicUrlOf(env),
    } } : {}),
    ...(env.SLACK_SIGNING_SECRET && env.SLACK_APPROVERS ? { slack: { signingSecret: env.SLACK_SIGNING_SECRET, approvers: env.SLACK_APPROVERS } } : {}),
  };
  return { security, generatedManagerToken };
}
