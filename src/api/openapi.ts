import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';

/** What a route tells its readers; the schemas are the zod schemas the route parses with. */
export interface RouteDocs {
  summary: string;
  description?: string;
  tags?: string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Status → what it means to the caller. */
  responses?: Record<number, string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

export const DOCS_PREFIX = '/docs';

type JsonSchema = { properties?: Record<string, unknown>; required?: string[]; [k: string]: unknown };

const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `/purchase-orders/:po` → `/purchase-orders/{po}`; a wildcard becomes a `{wildcard}` parameter. */
const openApiPath = (url: string): string =>
  url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{wildcard}');

const pathParamNames = (path: string): string[] => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Who may call the route, as the edge (src/api/security.ts) decides it: GETs are open unless configured otherwise. */
function securityOf(route: RouteOptions, method: string): Record<string, string[]>[] | undefined {
  const auth = route.config?.auth ?? (method === 'GET' ? 'none' : 'manager');
  if (auth === 'none') return undefined;
  if (auth === 'manager') return [{ managerToken: [] }];
  if (auth === 'manager-or-warehouse') return [{ managerToken: [] }, { signature: [] }];
  return [{ signature: [] }];
}

function parameters(route: RouteOptions, path: string, docs: RouteDocs | undefined) {
  const params = docs?.params ? jsonSchema(docs.params) : {};
  const query = docs?.query ? jsonSchema(docs.query) : {};
  return [
    ...pathParamNames(path).map((name) => ({
      name, in: 'path', required: true, schema: params.properties?.[name] ?? { type: 'string' },
    })),
    ...Object.entries(query.properties ?? {}).map(([name, schema]) => ({
      name, in: 'query', required: query.required?.includes(name) ?? false, schema,
    })),
  ];
}

function operation(route: RouteOptions, method: string, path: string) {
  const docs = route.config?.docs;
  const responses = Object.fromEntries(
    Object.entries(docs?.responses ?? { 200: 'OK' }).map(([status, description]) => [status, { description }]),
  );
  const security = securityOf(route, method);
  const params = parameters(route, path, docs);
  return {
    summary: docs?.summary ?? `${method} ${route.url}`,
    ...(docs?.description ? { description: docs.description } : {}),
    ...(docs?.tags ? { tags: docs.tags } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(docs?.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(docs.body) } } } } : {}),
    responses,
    ...(security ? { security } : {}),
  };
}

/**
 * OpenAPI for every route of the app, generated from the routes themselves: each route found by an
 * onRoute hook is listed, with the zod schemas it declares in `config.docs` as JSON Schema.
 * Served at /openapi.json and, with Swagger UI, at /docs. Call before any route is added.
 */
export function openApi(app: FastifyInstance, info: { title: string; version: string; description?: string }): void {
  const routes: RouteOptions[] = [];
  const document = {
    openapi: '3.1.0',
    info,
    paths: {} as Record<string, Record<string, unknown>>,
    components: {
      securitySchemes: {
        managerToken: { type: 'http' as const, scheme: 'bearer', description: 'a manager\'s token (configured, or a signed JWT)' },
        signature: {
          type: 'apiKey' as const, in: 'header', name: 'X-Signature',
          description: 'HMAC-SHA256 of the timestamp and the raw body with the sender\'s secret; with X-Supplier and X-Timestamp',
        },
      },
    },
  };

  app.addHook('onRoute', (route) => {
    // The documentation is public, like /health; Swagger UI's own routes are left out of the document.
    if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...route.config, auth: 'none' };
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    for (const route of routes) {
      if ((route.schema as { hide?: boolean } | undefined)?.hide) continue;
      const path = openApiPath(route.url);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        (document.paths[path] ??= {})[method.toLowerCase()] = operation(route, method, path);
      }
    }
  });

  app.register(swagger, { mode: 'static', specification: { document } });
  app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // Swagger UI's own policy (the API's is stricter than its scripts allow), minus the https upgrade a plain-http deployment cannot follow.
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/, ''),
  });
  app.get('/openapi.json', {
    config: { auth: 'none', docs: { summary: 'This document: every route of the API', tags: ['operations'] } },
  }, async () => document);
}
