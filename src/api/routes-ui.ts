import { readFileSync } from 'node:fs';
import { isGrpcServiceError, WorkflowNotFoundError, type Client } from '@temporalio/client';
import { HttpError } from './errors.js';
import { refused, text, TimelineView, UiConfig } from './responses.js';
import { ReplenishmentParam, TimelineQuery, type Api } from './schemas.js';
import { parentOf, timelineOf, type Timeline } from '../timeline/index.js';
import { timelineSvg } from '../timeline/svg.js';

export const DEFAULT_TEMPORAL_UI_URL = 'http://localhost:8233';

export interface UiOptions {
  client: Client;
  temporalUiUrl?: string;
  /** ISO 4217 code the page shows with every amount. */
  currency: string;
}

/** The page's files, read once at start-up: index.html, its script's modules (one per view), style.css. */
const STATIC = new URL('../ui/static/', import.meta.url);
const MODULES = {
  app: 'starts the page: token, buttons, the poll',
  api: 'requests with the manager\'s token; errors in words',
  format: 'elements from text; amounts, counts and times',
  state: 'what the page holds between refreshes',
  inbox: 'the approval inbox',
  skus: 'the SKU table',
  spend: 'spend per supplier and month',
  agreements: 'the blanket agreements',
  timeline: 'one SKU\'s replenishment: timeline and decision log',
} as const;
const ASSETS = [
  { url: '/', file: 'index.html', type: 'text/html; charset=utf-8', summary: 'The manager\'s page: approvals, SKUs, timelines' },
  ...Object.entries(MODULES).map(([name, what]) => ({
    url: `/ui/${name}.js`, file: `${name}.js`, type: 'text/javascript; charset=utf-8', summary: `The page's script: ${what}`,
  })),
  { url: '/ui/style.css', file: 'style.css', type: 'text/css; charset=utf-8', summary: 'The page\'s styles' },
];

const isNotFound = (err: unknown): boolean =>
  err instanceof WorkflowNotFoundError || (isGrpcServiceError(err) && err.code === 5);
const isInvalid = (err: unknown): boolean => isGrpcServiceError(err) && err.code === 3;

/** A replenishment's history, and its agent's run alongside for the stalls every message went through. */
async function loadTimeline(client: Client, workflowId: string, runId?: string): Promise<Timeline> {
  let history;
  try {
    history = await client.workflow.getHandle(workflowId, runId).fetchHistory();
  } catch (err) {
    if (isNotFound(err)) throw new HttpError(404, `no replenishment ${workflowId}${runId ? ` with run ${runId}` : ''}`);
    if (isInvalid(err)) throw new HttpError(400, `run id ${runId}: not a valid run id`);
    throw err;
  }
  if (!history.events?.length) throw new HttpError(404, `no replenishment ${workflowId}`);
  const parentRef = parentOf(history);
  // Without its parent the timeline still stands; it only misses the stalls seen there.
  const parent = parentRef
    ? await client.workflow.getHandle(parentRef.workflowId, parentRef.runId).fetchHistory().catch(() => null)
    : null;
  return timelineOf(history, { workflowId, now: Date.now(), parent });
}

/** The manager's page and its assets, and a replenishment's timeline as JSON and as SVG. */
export function uiRoutes(app: Api, opts: UiOptions): void {
  const temporalUiUrl = (opts.temporalUiUrl ?? DEFAULT_TEMPORAL_UI_URL).replace(/\/+$/, '');
  const namespace = opts.client.options.namespace;
  const webUi = (workflowId: string) => `${temporalUiUrl}/namespaces/${encodeURIComponent(namespace)}/workflows/${encodeURIComponent(workflowId)}`;

  for (const asset of ASSETS) {
    const body = readFileSync(new URL(asset.file, STATIC), 'utf8');
    app.get(asset.url, {
      config: { auth: 'none' },
      schema: { summary: asset.summary, tags: ['page'], response: { 200: text(asset.type.split(';')[0]!, asset.file) } },
    }, async (_req, reply) => reply.type(asset.type).header('cache-control', 'no-cache').send(body));
  }

  app.get('/ui/config.json', {
    config: { auth: 'none' },
    schema: {
      summary: 'What the page needs to know: the Temporal Web UI\'s address and namespace', tags: ['page'],
      response: { 200: UiConfig.describe('where the Web UI is, and the namespace') },
    },
  }, async () => ({ temporalUiUrl, namespace, currency: opts.currency }));

  const refusals = { 400: refused('a malformed workflow or run id'), 404: refused('no such replenishment') };

  app.get('/replenishments/:workflowId/timeline', {
    schema: {
      summary: 'A replenishment\'s timeline from its history: turns, calls and retries, waits and how they ended, worker outages, outcome',
      tags: ['replenishments'], params: ReplenishmentParam, querystring: TimelineQuery,
      response: { 200: TimelineView.describe('the timeline'), ...refusals },
    },
  }, async (req) => {
    const { workflowId } = req.params;
    const timeline = await loadTimeline(opts.client, workflowId, req.query.runId);
    return { ...timeline, links: { svg: `/replenishments/${workflowId}/timeline.svg`, webUi: webUi(workflowId) } };
  });

  app.get('/replenishments/:workflowId/timeline.svg', {
    schema: {
      summary: 'The same timeline drawn as a standalone SVG', tags: ['replenishments'], params: ReplenishmentParam, querystring: TimelineQuery,
      response: { 200: text('image/svg+xml', 'the timeline'), ...refusals },
    },
  }, async (req, reply) => {
    const { workflowId } = req.params;
    const { runId } = req.query;
    const svg = timelineSvg(await loadTimeline(opts.client, workflowId, runId));
    return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'no-cache').send(svg);
  });
}
