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
        },
      },
    },
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
