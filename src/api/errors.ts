import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import { DamagedRow, type OnDamaged } from '../records/rows.js';
import { declareAnswer } from './responses.js';

/** An error the API answers with its own status and message instead of a 500. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
  }
}

/** The longest path parameter fastify's router matches; ids of this API are far shorter. */
export const MAX_PARAM_LENGTH = 100;

const PART: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'headers' };

/**
 * Names the field and the reason: `sku: …` for a body field (the body is what callers write),
 * `path: po: …` and `query: limit: …` for the other parts, and the part alone when the issue is
 * with the whole of it (`query: Unrecognized key: "x"`).
 */
export function validationMessage(context: string | undefined, issue: FastifySchemaValidationError): string {
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  const part = PART[context ?? 'body'] ?? context!;
  // zod says of a missing field that it expected a value and received undefined: a sender reads "missing".
  const message = MISSING.test(issue.message ?? '') ? 'missing; it is required' : issue.message;
  if (part === 'body' && field) return `${field}: ${message}`;
  return `${part}: ${field ? `${field}: ` : ''}${message}`;
}

const MISSING = /^Invalid input: expected \w+, received undefined$/;

/** fastify's own refusals, in the API's words. */
function messageOf(err: FastifyError, req: FastifyRequest): string {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': return `the request body is larger than the limit of ${req.routeOptions.bodyLimit} bytes`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const type = req.headers['content-type'];
      const not = type ? `, not ${type.slice(0, 100)}` : '';
      // A route that takes other bodies (a mail, a form) names them: telling a mail provider to send JSON misleads it.
      const consumes = (req.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
      if (!consumes || (consumes.length === 1 && consumes[0] === 'application/json')) return `this API takes JSON bodies only (Content-Type: application/json)${not}`;
      return `this route takes ${consumes.join(' or ')} bodies only (Content-Type: ${consumes.join(' or ')})${not}`;
    }
    case 'FST_ERR_MAX_PARAM_LENGTH': return `path: a parameter is longer than ${MAX_PARAM_LENGTH} characters`;
    case 'FST_ERR_BAD_URL': return 'path: not a valid URL (a malformed %-escape)';
    default: return err.message || 'bad request';
  }
}

/**
 * Errors fastify answers before a route is found (a malformed or over-long path), in the same
 * shape as every other 4xx: `{ error }`.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  reply.code(err.statusCode ?? 400).send({ error: messageOf(err, req) });
}

/** Logs a stored row a list left out, for whoever mends the database; the list answers without it. */
export const logDamaged = (req: FastifyRequest): OnDamaged => (err) =>
  req.log.error({ err, table: err.table, row: err.key, column: err.column }, 'a stored row cannot be read; the list leaves it out');

/**
 * The service's own fault, not a dependency's: a row it cannot read, or a JavaScript error of its
 * code (a JSON.parse of something not JSON, a property of undefined). Answering these 503 "could
 * not reach a dependency" sent callers to try again, and operators to look at Temporal, for nothing.
 * A fetch's network failure is a TypeError too, and is a dependency's.
 */
function isOwnFault(err: unknown): boolean {
  if (err instanceof DamagedRow) return true;
  if (err instanceof TypeError) return err.message !== 'fetch failed';
  return err instanceof SyntaxError || err instanceof ReferenceError || err instanceof RangeError;
}

/** One shape for every refusal, `{ error: <message> }`; anything else is a dependency's failure. */
export function answerErrors(app: FastifyInstance): void {
  // Every path the API serves, with its methods: a request with another method is a 405, not a 404.
  const paths = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    const known = paths.get(route.url) ?? { pattern: new RegExp(`^${route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[^/]+/g, '[^/]+')}/?$`), methods: new Set<string>() };
    for (const m of [route.method].flat()) known.methods.add(m);
    paths.set(route.url, known);
  });
  // What any route may answer besides its own: declared here, where these answers are made.
  app.addHook('onRoute', (route) => {
    const schema = (route.schema ?? {}) as { body?: unknown; params?: unknown; querystring?: unknown };
    if (schema.body || schema.params || schema.querystring) declareAnswer(route, 400, 'a body, path parameter or query that is not valid; the message names the field');
    if (route.url.includes(':')) declareAnswer(route, 414, `a path parameter longer than ${MAX_PARAM_LENGTH} characters`);
    declareAnswer(route, 503, 'a dependency (Temporal, the world) could not be reached; try again');
  });
  app.setErrorHandler((err: unknown, req, reply) => {
    // A request no route takes (a QUERY without a body type, say) is a 404 or a 405 before anything else.
    if (req.is404) return noRoute(req, reply);
    if (err instanceof HttpError) return reply.code(err.status).headers(err.headers).send({ error: err.message });
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send({ error: validationMessage(err.validationContext, err.validation[0]!) });
    }
    const e = err as FastifyError;
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return reply.code(e.statusCode).send({ error: messageOf(e, req) });
    if (err instanceof ResponseSerializationError) {
      req.log.error({ err, issues: err.cause.issues }, 'an answer does not match its response schema');
      return reply.code(500).send({ error: 'the service built an answer it does not document; this is a bug' });
    }
    req.log.error({ err }, 'request failed');
    if (isOwnFault(err)) {
      const what = err instanceof DamagedRow ? `${err.message}; it needs mending in the database` : 'the service failed on a fault of its own (a bug)';
      return reply.code(500).send({ error: `${what}; it is logged as request ${req.id}, and sending the request again will not help` });
    }
    return reply.code(503).send({ error: 'the service could not reach a dependency; try again' });
  });
  app.setNotFoundHandler((req, reply) => noRoute(req, reply));

  function noRoute(req: FastifyRequest, reply: FastifyReply) {
    const path = req.url.split('?')[0]!;
    const allowed = [...paths.values()].filter((p) => p.pattern.test(path)).flatMap((p) => [...p.methods]);
    if (allowed.length > 0) {
      const allow = [...new Set(allowed)].sort().join(', ');
      return reply.code(405).header('allow', allow).send({ error: `${req.method} is not a method of ${path}; it takes ${allow}` });
    }
    return reply.code(404).send({ error: `no route ${req.method} ${req.url}` });
  }
}
