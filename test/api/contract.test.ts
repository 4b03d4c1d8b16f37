import { beforeAll, describe, expect, it } from 'vitest';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';

/**
 * The published contract and the answers it describes: what the edge answers any route (no token,
 * a body too large or not JSON, an invalid query, a parameter too long) is documented on that
 * route, always as the one `Error` schema; a method a path does not take is a 405 with `Allow`.
 */
let stack: Stack;
let doc: { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>; components: { schemas: Record<string, unknown> } };

beforeAll(async () => {
  stack = await startStack({ temporal: 'dev', cleanup: afterThisFile });
  doc = (await stack.api('GET', '/openapi.json')).body;
});

/** The documented answer of an operation for a status, or undefined. */
const documented = (method: string, path: string, status: number) => doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];

describe('the published contract', () => {
  it('every edge answer a request gets is documented on its route, as the Error schema', async () => {
    const sku = stack.newSku();
    const probes: [string, string, number, () => Promise<{ status: number }>][] = [
      ['POST', '/agents', 401, () => stack.api('POST', '/agents', { sku })],
      ['POST', '/agents', 415, () => stack.authed('POST', '/agents', 'sku=X', { headers: { 'content-type': 'text/plain' } })],
      ['POST', '/agents', 413, () => stack.authed('POST', '/agents', { sku: 'X'.repeat(2 * 1024 * 1024) })],
      ['GET', '/skus', 400, () => stack.api('GET', '/skus?limit=0')],
      ['GET', '/skus/{sku}', 414, () => stack.api('GET', `/skus/${'X'.repeat(101)}`)],
      ['POST', '/purchase-orders/{po}/supplier-replies', 401, () => stack.api('POST', `/purchase-orders/PO-${sku}-1/supplier-replies`, { messageId: 'm', text: 'hi' })],
      ['POST', '/purchase-orders/{po}/receipts', 401, () => stack.api('POST', `/purchase-orders/PO-${sku}-1/receipts`, { receiptId: 'r', quantity: 1 })],
    ];
    for (const [method, path, status, call] of probes) {
      expect((await call()).status, `${method} ${path}`).toBe(status);
      const answer = documented(method, path, status);
      expect(answer, `${method} ${path} does not document ${status}`).toBeDefined();
      expect(answer!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['error'] });
  });

  it('every route that can be called without a token documents no 401; every one that needs one does', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const secured = (operation as { security?: unknown[] }).security !== undefined;
        expect('401' in operation.responses, `${method.toUpperCase()} ${path}`).toBe(secured);
      }
    }
  });

  it('the supplier reply\'s text states its rule in words and an example, with no pattern a generator cannot build values for', () => {
    const body = (doc.paths['/purchase-orders/{po}/supplier-replies']!.post as unknown as { requestBody: { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> } })
      .requestBody.content['application/json']!.schema.properties.text!;
    // A plain pattern a generator can satisfy; the Unicode-class rule (invisible characters alone) stays in code.
    expect(body.pattern).toBe('\\S');
    expect(body.description).toMatch(/at least one visible character/);
    expect(body.examples).toEqual([expect.any(String)]);
  });

  it('what the service checks on ids is in the schema: a value the schema allows is never refused as malformed', async () => {
    const param = (path: string, method: string, name: string) =>
      (doc.paths[path]![method] as unknown as { parameters: { name: string; schema: { pattern?: string } }[] }).parameters.find((p) => p.name === name)!.schema;
    const workflowId = new RegExp(param('/workflows/{workflowId}/repair', 'post', 'workflowId').pattern!);
    expect(['agent-WASHER-M8', 'replenish-WASHER-M8-3'].every((id) => workflowId.test(id))).toBe(true);
    expect(workflowId.test('something-else')).toBe(false);
    const runId = new RegExp(param('/replenishments/{workflowId}/timeline', 'get', 'runId').pattern!);
    const unknownRun = '0b6e1c9e-5d7f-4a51-9d3c-6f1b2a3c4d5e';
    expect(runId.test(unknownRun)).toBe(true);
    // A run id the schema allows is looked for, not refused: no such run is a 404.
    const timeline = await stack.api('GET', `/replenishments/replenish-${stack.newSku()}-1/timeline?runId=${unknownRun}`);
    expect(timeline.status).toBe(404);
    expect(documented('GET', '/replenishments/{workflowId}/timeline', 404)).toBeDefined();
  });

  it('a method a path does not take is a 405 naming the methods it does', async () => {
    const put = await stack.authed('PUT', '/agents', { sku: 'X' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
    expect(put.body.error).toBe('PUT is not a method of /agents; it takes POST');
    const del = await stack.api('DELETE', '/skus');
    expect([del.status, del.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect((await stack.api('POST', '/purchase-orders/PO-X-1')).headers.get('allow')).toBe('GET, HEAD');
    // A method fastify would ask a body type of (QUERY) is a 405 too, not a 400 about the body.
    const query = await fetch(`${stack.apiUrl}/approvals`, { method: 'QUERY' });
    expect([query.status, query.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    // A path the API does not serve at all stays a 404.
    expect((await stack.api('DELETE', '/nowhere')).status).toBe(404);
  });
});
