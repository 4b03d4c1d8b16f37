import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { story } from '../scenarios/story.js';
import { startStack, type Stack } from '../support/stack.js';
import { wellFormedXml } from './svg-check.js';

let stack: Stack;
let cleanups: (() => unknown)[] = [];
beforeAll(async () => {
  stack = await startStack({ temporal: 'dev', cleanup: (fn) => { cleanups.push(fn); } });
});
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn();
  cleanups = [];
});

const raw = (path: string) => fetch(stack.apiUrl + path);

describe('the manager\'s page is served as plain files under a strict CSP', () => {
  it('GET / is the page, with its script and styles as files of its own origin', async () => {
    const res = await raw('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/ui/app.js"></script>');
    expect(html).toContain('<link rel="stylesheet" href="/ui/style.css">');
    // Nothing inline that the CSP would refuse.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    const modules = ['app', 'api', 'format', 'state', 'inbox', 'skus', 'spend', 'agreements', 'timeline'].map((m) => [`/ui/${m}.js`, /^text\/javascript/] as const);
    for (const [path, type] of [...modules, ['/ui/style.css', /^text\/css/]] as const) {
      const asset = await raw(path);
      expect(asset.status, path).toBe(200);
      expect(asset.headers.get('content-type'), path).toMatch(type);
    }
    expect(await (await raw('/ui/config.json')).json()).toEqual({ temporalUiUrl: 'http://localhost:8233', namespace: 'default', currency: 'USD' });
  });
});

describe('a replenishment\'s timeline over the API', () => {
  it('a malformed id is a 400 and an unknown replenishment a 404, as JSON and as SVG', async () => {
    for (const suffix of ['timeline', 'timeline.svg']) {
      const bad = await stack.api('GET', `/replenishments/agent-X/${suffix}`);
      expect(bad.status, suffix).toBe(400);
      expect(bad.body.error).toMatch(/replenish-<SKU>-<n>/);
      const badRun = await stack.api('GET', `/replenishments/replenish-X-1/${suffix}?runId=not%20a%20run`);
      expect(badRun.status, suffix).toBe(400);
      const unknown = await stack.api('GET', `/replenishments/replenish-NO-SUCH-SKU-1/${suffix}`);
      expect(unknown.status, suffix).toBe(404);
      expect(unknown.body.error).toBe('no replenishment replenish-NO-SUCH-SKU-1');
    }
  });

  it('a run waiting for approval: its turns so far, the open wait, links to the SVG and the Web UI', async () => {
    const sku = stack.newSku();
    const s = story(stack, sku);
    await s.startAgent();
    await s.waitingIn('wait_for_approval');
    const workflowId = `replenish-${sku}-1`;

    const { status, body } = await stack.api('GET', `/replenishments/${workflowId}/timeline`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ workflowId, workflowType: 'Replenish', status: 'running', end: null, outcome: null, gaps: [] });
    expect(body.turns.map((t: { tool: string }) => t.tool)).toEqual(['get_quotes', 'draft_purchase_order', 'request_approval', 'wait_for_approval']);
    expect(body.waits).toEqual([expect.objectContaining({ tool: 'wait_for_approval', ended: 'waiting', summary: expect.stringMatching(/^wait_for_approval of PO-/) })]);
    expect(body.links).toEqual({
      svg: `/replenishments/${workflowId}/timeline.svg`,
      webUi: `http://localhost:8233/namespaces/default/workflows/${workflowId}`,
    });

    const svg = await raw(body.links.svg);
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const text = await svg.text();
    expect(wellFormedXml(text)[0]).toBe('svg');
    expect(text).toContain('<g class="wait wait-waiting">');
  });

  it('both routes are in the OpenAPI document', async () => {
    const { body } = await stack.api('GET', '/openapi.json');
    expect(body.paths['/replenishments/{workflowId}/timeline'].get.summary).toMatch(/timeline/);
    expect(body.paths['/replenishments/{workflowId}/timeline.svg'].get.summary).toMatch(/SVG/);
    expect(body.paths['/'].get.summary).toMatch(/page/);
  });
});
