import { createServer, type Server } from 'node:http';
import type { Health } from '../api/responses.js';
import { readinessOf } from '../api/routes-operations.js';
import type { Metrics } from '../metrics.js';

/**
 * What an orchestrator and Prometheus ask a worker process: `/health` (every part), `/ready`
 * (Temporal reachable, the worker polling) and `/metrics`, with the same answers as the API's
 * routes of those names. Nothing else: the worker role serves no API.
 */
export async function listenWorkerEndpoints(o: { host: string; port: number; health: () => Promise<Health>; readiness: readonly string[]; metrics: Metrics }): Promise<Server> {
  const server = createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'application/json', JSON.stringify({ error: `${req.method} is not allowed: this worker answers GET /health, /ready and /metrics` }));
    void (async () => {
      try {
        if (path === '/health') {
          const health = await o.health();
          return send(health.ok ? 200 : 503, 'application/json', JSON.stringify(health));
        }
        if (path === '/ready') {
          const readiness = readinessOf(await o.health(), o.readiness);
          return send(readiness.ready ? 200 : 503, 'application/json', JSON.stringify(readiness));
        }
        if (path === '/metrics') {
          const { contentType, body } = await o.metrics.render();
          return send(200, contentType, body);
        }
        return send(404, 'application/json', JSON.stringify({ error: `no route ${path.slice(0, 100)}: this worker answers /health, /ready and /metrics (the REST API runs in the api role)` }));
      } catch (err) {
        return send(503, 'application/json', JSON.stringify({ error: err instanceof Error ? err.message : String(err) }));
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => { server.off('error', reject); resolve(); });
  });
  return server;
}
