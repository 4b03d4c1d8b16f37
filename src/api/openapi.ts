import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { OpenApiDocument } from './responses.js';
import type { Auth } from './security.js';

export const DOCS_PREFIX = '/docs';

/** Who may call a route, as the edge (src/api/security.ts) decides it: GETs are open unless configured otherwise. */
function securityOf(route: RouteOptions): Record<string, string[]>[] | undefined {
  const method = [route.method].flat()[0];
  const auth: Auth = route.config?.auth ?? (method === 'GET' ? 'none' : 'manager');
  if (auth === 'none') return undefined;
  if (auth === 'manager') return [{ managerToken: [] }];
  if (auth === 'manager-or-warehouse') return [{ managerToken: [] }, { signature: [] }];
  return [{ signature: [] }];
}

type OpenApiDoc = { paths?: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>; components?: Record<string, unknown> };

/** The one refusal body, `{ error }`, as JSON Schema: every 4xx and 5xx of every route has this shape. */
const ERROR_SCHEMA = { type: 'object', properties: { error: { type: 'string', description: 'which field or header is wrong, and why' } }, required: ['error'], additionalProperties: false };
const isErrorSchema = (s: unknown): boolean => {
  if (!s || typeof s !== 'object') return false;
  const { description: _d, $schema: _s, ...shape } = s as Record<string, unknown>;
  return JSON.stringify(shape) === JSON.stringify(ERROR_SCHEMA);
};

/**
 * Every error answer refers to one named schema, `Error`, so that a generated client has one
 * error type; the words of each (why this route answers this status) stay on the answer.
 */
function withErrorComponent(doc: OpenApiDoc): OpenApiDoc {
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const answer of Object.values(operation.responses ?? {})) {
        const json = answer.content?.['application/json'];
        if (json && isErrorSchema(json.schema)) json.schema = { $ref: '#/components/schemas/Error' };
      }
    }
  }
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  return { ...doc, components: { ...components, schemas: { ...components.schemas, Error: ERROR_SCHEMA } } };
}

// Swagger UI's own routes hide themselves; no path is skipped by name.
const zodToOpenApi = createJsonSchemaTransform({ skipList: [] });

/**
 * OpenAPI for every route, from the schemas fastify validates and serialises with, and who may
 * call it from the route's `config.auth`. Served at /openapi.json and, with Swagger UI, at /docs.
 * Register before any route: only routes added later are listed.
 */
export function openApi(app: FastifyInstance, info: { title: string; version: string; description?: string }, opts: { requireAuth?: boolean } = {}): void {
  // The documentation is public, like /health, unless operations are put behind the manager's token.
  const auth: Auth = opts.requireAuth ? 'manager' : 'none';
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...route.config, auth };
  });

  app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info,
      components: {
        securitySchemes: {
          managerToken: { type: 'http', scheme: 'bearer', description: 'a manager\'s token (configured, or a signed JWT)' },
          signature: {
            type: 'apiKey', in: 'header', name: 'X-Signature',
            description: 'HMAC-SHA256 of the timestamp and the raw body with the sender\'s secret; with X-Supplier and X-Timestamp',
          },
          slackSignature: {
            type: 'apiKey', in: 'header', name: 'X-Slack-Signature',
            description: 'Slack\'s request signature: v0=<hex HMAC-SHA256 of "v0:<X-Slack-Request-Timestamp>:<raw body>"> with the app\'s signing secret',
          },
          inboundMailSecret: { type: 'http', scheme: 'bearer', description: 'the inbound-mail webhook\'s shared secret (INBOUND_MAIL_SECRET); Basic credentials with it as the password do too' },
        },
      },
    },
    transformObject: (doc) => withErrorComponent(('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject) as OpenApiDoc),
    transform: (doc) => {
      const { schema, url } = zodToOpenApi(doc);
      const security = doc.route && securityOf(doc.route as RouteOptions);
      return { url, schema: security && schema && !schema.hide ? { ...schema, security } : schema };
    },
  });
  app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI's own policy (the API's is stricter than its scripts allow), minus the https upgrade a plain-http deployment cannot follow.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.after(() => {
    app.get('/openapi.json', {
      config: { auth },
      schema: { summary: 'This document: every route of the API', tags: ['operations'], response: { 200: OpenApiDocument } },
    }, async () => app.swagger());
  });
}
