import { createHash, timingSafeEqual } from 'node:crypto';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errors, jwtVerify } from 'jose';
import { HttpError } from './errors.js';
import { declareAnswer } from './responses.js';
import { checkTimestamp, verify, WAREHOUSE } from './signatures.js';
import type { LinkSigner } from './approval-links.js';
import type { SlackSettings } from './routes-slack.js';

/**
 * Who may call a route. Unless a route says otherwise, a POST needs a manager and a GET needs
 * nobody (or a manager, with `readRequiresAuth`).
 */
export type Auth = 'none' | 'manager' | 'supplier' | 'warehouse' | 'manager-or-warehouse';

/** `approvalLimit`: the largest PO total the manager may approve; absent, no limit. */
export type Principal = { kind: 'manager'; name: string; approvalLimit?: number } | { kind: 'supplier'; id: string } | { kind: 'warehouse' };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: Auth;
  }
  interface FastifyRequest {
    /** Who the request proved to be; null on open routes. */
    principal: Principal | null;
    /** The bytes of a JSON body as received, for signature checks. */
    rawBody: Buffer | null;
  }
}

/** Every secret and limit of the API's edge; the values come from configuration only. */
export interface Security {
  /** Approver name → static bearer token. */
  managerTokens: Record<string, string>;
  /** Approver name → the largest PO total they may approve; a JWT's `approval_limit` claim wins over it. */
  managerLimits?: Record<string, number>;
  /** HS256 JWTs with this issuer (and audience), `exp` required, `sub` the approver. */
  jwt?: { secret: string; issuer: string; audience?: string };
  readRequiresAuth?: boolean;
  /** Supplier id → the secret its replies are signed with. */
  supplierSecrets: Record<string, string>;
  warehouseSecret: string;
  /** Requests per client IP and minute; default 300. */
  rateLimitPerMinute?: number;
  /**
   * Proxies whose X-Forwarded-For names the client (fastify's `trustProxy`): the rate limit then
   * counts per client behind them. Unset: the peer's address is the client's.
   */
  trustProxy?: boolean | number | string[];
  /** /metrics, /docs and /openapi.json need a manager's token. */
  operationsRequireAuth?: boolean;
  /** Signed single-use approval links: their secret, lifetime and base URL; absent, none are made or taken. */
  approvalLinks?: LinkSigner;
  /** Slack's interactive endpoint: the app's signing secret and the managers' Slack users; absent, it answers 404. */
  slack?: SlackSettings;
}

/** Strict by default; the manager's page gets its scripts and styles from files of its own origin. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const APPROVER = /^[\p{L}\p{N} ._@+-]{1,100}$/u;
const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

const unauthorized = (message: string, challenge: string): HttpError => new HttpError(401, message, { 'www-authenticate': challenge });
const bearerChallenge = (why?: string): string =>
  `Bearer realm="stock-replenisher"${why ? `, error="invalid_token", error_description="${why.replace(/"/g, "'")}"` : ''}`;
const signatureChallenge = 'Signature realm="stock-replenisher", headers="x-supplier x-timestamp x-signature"';

function jwtProblem(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'the token has expired';
  if (err instanceof errors.JOSEAlgNotAllowed) return 'the token must be signed with HS256';
  if (err instanceof errors.JWTClaimValidationFailed) {
    if (err.claim === 'iss') return 'the token was not issued by this service\'s issuer';
    if (err.claim === 'aud') return 'the token is not meant for this service (audience)';
    if (err.reason === 'missing') return `the token has no ${err.claim} claim`;
    return `the token's ${err.claim} claim is not valid`;
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) return 'the token\'s signature is not valid';
  return 'the bearer token is not valid';
}

/** Checks bearer tokens: configured static tokens (constant-time) or HS256 JWTs. */
function managerCheck(security: Security): (header: string | undefined) => Promise<Principal> {
  const tokens = Object.entries(security.managerTokens).map(([name, token]) => ({ name, digest: digest(token) }));
  const jwt = security.jwt && { ...security.jwt, key: new TextEncoder().encode(security.jwt.secret) };
  const limits = new Map(Object.entries(security.managerLimits ?? {}));
  const manager = (name: string, claimed?: number): Principal => {
    const approvalLimit = claimed ?? limits.get(name);
    return { kind: 'manager', name, ...(approvalLimit !== undefined ? { approvalLimit } : {}) };
  };

  return async (header) => {
    const token = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1];
    if (!token) throw unauthorized('this call needs a manager\'s token: Authorization: Bearer <token>', bearerChallenge());
    const given = digest(token);
    let name: string | null = null;
    for (const t of tokens) if (timingSafeEqual(given, t.digest) && name === null) name = t.name;
    if (name !== null) return manager(name);
    if (!jwt || token.split('.').length !== 3) throw unauthorized('the bearer token is not valid', bearerChallenge('unknown token'));
    let sub: unknown;
    let limit: unknown;
    try {
      ({ payload: { sub, approval_limit: limit } } = await jwtVerify(token, jwt.key, {
        algorithms: ['HS256'], issuer: jwt.issuer, ...(jwt.audience ? { audience: jwt.audience } : {}),
        requiredClaims: ['exp', 'sub'], clockTolerance: 5,
      }));
    } catch (err) {
      const why = jwtProblem(err);
      throw unauthorized(why, bearerChallenge(why));
    }
    if (typeof sub !== 'string' || !APPROVER.test(sub)) {
      throw unauthorized('the token\'s sub is not an approver name', bearerChallenge('bad subject'));
    }
    if (limit !== undefined && !(typeof limit === 'number' && Number.isFinite(limit) && limit >= 0)) {
      throw unauthorized('the token\'s approval_limit claim must be a number of at least 0 (the largest PO total its holder may approve)', bearerChallenge('bad approval_limit'));
    }
    return manager(sub, limit as number | undefined);
  };
}

/**
 * The edge of the API: security headers, a rate limit per client IP, raw JSON bodies kept for
 * signatures (prototype pollution refused), and who may call each route. Routes registered in a
 * plugin after this are rate-limited; the checks apply to every route.
 */
export function secureApp(app: FastifyInstance, security: Security): void {
  const suppliers = new Map(Object.entries(security.supplierSecrets));
  const manager = managerCheck(security);
  const pending = new WeakMap<FastifyRequest, { principal: Principal; secret: string }>();

  // What the edge may answer any route, declared where it is decided (src/api/errors.ts adds the rest).
  app.addHook('onRoute', (route) => {
    const read = [route.method].flat().every((m) => m === 'GET' || m === 'HEAD');
    const auth: Auth = route.config?.auth ?? (read && !security.readRequiresAuth ? 'none' : 'manager');
    if (auth !== 'none') declareAnswer(route, 401, auth === 'manager' ? 'no valid manager token (Authorization: Bearer)' : 'not signed, or not by a sender allowed here (X-Supplier, X-Timestamp, X-Signature)');
    if (!read) {
      declareAnswer(route, 413, 'the request body is larger than the limit');
      declareAnswer(route, 415, 'the body is not JSON (Content-Type: application/json)');
    }
    if (route.config?.rateLimit !== false) declareAnswer(route, 429, 'too many requests from this client; Retry-After says when to try again');
  });

  app.register(helmet, { contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY } });
  app.register(rateLimit, { max: security.rateLimitPerMinute ?? 300, timeWindow: 60_000 });

  app.decorateRequest('principal', null);
  app.decorateRequest('rawBody', null);
  const json = app.getDefaultJsonParser('error', 'error');
  // JSON only: a body of another type is a 415 before its signature is checked.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    req.rawBody = body as Buffer;
    const text = (body as Buffer).toString('utf8');
    json(req, text, (err, parsed) => {
      // fastify refuses a prototype key as it refuses broken JSON; what JSON.parse reads had one.
      done(err && parsesAsJson(text) ? new HttpError(400, 'body: JSON keys named __proto__ or constructor are not accepted') : err, parsed);
    });
  });

  /** Headers of a signed message; the signature itself is checked once the body is read. */
  function signer(req: FastifyRequest, as: 'supplier' | 'warehouse'): void {
    const sender = req.headers['x-supplier'];
    if (typeof sender !== 'string' || !sender) {
      throw unauthorized('this call must be signed: X-Supplier, X-Timestamp and X-Signature headers', signatureChallenge);
    }
    const secret = as === 'warehouse' ? (sender === WAREHOUSE ? security.warehouseSecret : undefined) : suppliers.get(sender);
    if (secret === undefined) {
      throw unauthorized(as === 'warehouse' ? `only the warehouse signs this call (X-Supplier: ${WAREHOUSE})` : `unknown supplier ${sender.slice(0, 100)}`, signatureChallenge);
    }
    const fresh = checkTimestamp(header(req, 'x-timestamp'));
    if (!fresh.ok) throw unauthorized(fresh.why, signatureChallenge);
    pending.set(req, { principal: as === 'warehouse' ? { kind: 'warehouse' } : { kind: 'supplier', id: sender }, secret });
  }

  // After the rate limit (onRequest), before the body is read.
  app.addHook('preParsing', async (req, _reply, payload) => {
    if (req.is404) return payload;
    const read = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS';
    const auth: Auth = req.routeOptions.config.auth ?? (read && !security.readRequiresAuth ? 'none' : 'manager');
    if (auth === 'manager' || (auth === 'manager-or-warehouse' && (req.headers.authorization || !req.headers['x-supplier']))) {
      req.principal = await manager(req.headers.authorization);
    } else if (auth === 'supplier' || auth === 'warehouse' || auth === 'manager-or-warehouse') {
      signer(req, auth === 'supplier' ? 'supplier' : 'warehouse');
    }
    return payload;
  });

  app.addHook('preValidation', async (req) => {
    const signed = pending.get(req);
    if (!signed) return;
    const verdict = verify(signed.secret, header(req, 'x-timestamp'), header(req, 'x-signature'), req.rawBody ?? Buffer.alloc(0));
    if (!verdict.ok) throw unauthorized(verdict.why, signatureChallenge);
    req.principal = signed.principal;
  });
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** The approver a manager call proved to be. */
export function approverOf(req: FastifyRequest): string {
  if (req.principal?.kind !== 'manager') throw unauthorized('this call needs a manager\'s token', bearerChallenge());
  return req.principal.name;
}

/** The largest PO total the manager of this call may approve, or undefined for no limit. */
export function approvalLimitOf(req: FastifyRequest): number | undefined {
  return req.principal?.kind === 'manager' ? req.principal.approvalLimit : undefined;
}

/** The supplier a signed reply came from. */
export function supplierOf(req: FastifyRequest): string {
  if (req.principal?.kind !== 'supplier') throw unauthorized('this call must be signed by a supplier', signatureChallenge);
  return req.principal.id;
}
