import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString } from 'openapi-typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { afterThisFile, eventually, startStack, type Stack } from '../support/stack.js';
import type { paths } from './api-types.js';

/**
 * A client generated from the published spec, as an integrator would make one: its types are
 * checked in (`api-types.ts`) and type-checked with the tests, and a happy path runs through it.
 * When the spec changes, the first test fails until the types are made anew with
 * `UPDATE_API_TYPES=1 npx vitest run test/contract/client.test.ts`, and any use the change breaks
 * fails `npm run typecheck`.
 */
const TYPES = join(import.meta.dirname, 'api-types.ts');
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
});

describe('a client generated from /openapi.json', () => {
  it('the checked-in types are those of the published spec', async () => {
    const spec = (await stack.api('GET', '/openapi.json')).body;
    const types = `// Generated from /openapi.json by test/contract/client.test.ts; do not edit.\n${astToString(await openapiTS(spec))}`;
    if (process.env.UPDATE_API_TYPES) writeFileSync(TYPES, types);
    expect(types, 'the API changed: make the types anew (UPDATE_API_TYPES=1)').toBe(readFileSync(TYPES, 'utf8'));
  });

  it('starts an agent, reads its approval request, approves it, and reads the PO, all through the typed client', async () => {
    const client = createClient<paths>({ baseUrl: stack.apiUrl, headers: { authorization: `Bearer ${stack.managerToken}` } });
    const sku = stack.newSku();
    const started = await client.POST('/agents', { body: { sku } });
    expect(started.response.status, JSON.stringify(started.error)).toBeLessThan(300);

    const waiting = await eventually(() => client.GET('/approvals'), (r) => (r.data?.items ?? []).some((i) => i.sku === sku), 30_000, `${sku} to ask for approval`);
    const request = waiting.data!.items.find((i) => i.sku === sku)!;
    const decided = await client.POST('/purchase-orders/{po}/decision', {
      params: { path: { po: request.poNumber } },
      body: { decision: 'approve', maxUnitPrice: request.unitPrice },
    });
    expect(decided.response.status, JSON.stringify(decided.error)).toBe(202);
    expect(decided.data?.poNumber).toBe(request.poNumber);

    const po = await eventually(() => client.GET('/purchase-orders/{po}', { params: { path: { po: request.poNumber } } }),
      (r) => r.response.status === 200, 30_000, `${request.poNumber} to be readable`);
    expect(po.data).toMatchObject({ poNumber: request.poNumber });

    // A refusal comes back as the one documented error shape.
    const unknown = await client.GET('/skus/{sku}', { params: { path: { sku: 'NO-SUCH-SKU' } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error?.error).toMatch(/unknown SKU/);
  });
});
