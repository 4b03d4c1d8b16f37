import { spawnSync } from 'node:child_process';
import { describe, expect, inject, it } from 'vitest';
import { story } from '../scenarios/story.js';
import { startFleet } from '../support/fleet.js';

const get = async (url: string) => {
  const res = await fetch(url);
  const text = await res.text();
  let body: any = text;
  try { body = JSON.parse(text); } catch { /* metrics are text */ }
  return { status: res.status, body };
};

/** `npm run <role>` with this environment; what it says and its exit code. */
function runRole(role: string, env: Record<string, string>) {
  const { TEMPORAL_ADDRESS: _a, WORLD_URL: _w, ...rest } = process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', role], { env: { ...rest, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stderr: r.stderr };
}

describe('roles: npm run worker, npm run api', () => {
  it('a worker or API replica that is not told where Temporal and the world are refuses to start, naming both', () => {
    const worker = runRole('worker', {});
    expect(worker.code).toBe(2);
    expect(worker.stderr).toContain('the worker role needs TEMPORAL_ADDRESS and WORLD_URL');
    const api = runRole('api', { TEMPORAL_ADDRESS: '127.0.0.1:7233' });
    expect(api.code).toBe(2);
    expect(api.stderr).toContain('the api role needs WORLD_URL');
    const unknown = runRole('scheduler', {});
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown role "scheduler": expected one of all, worker, api');
  });

  it('a replenishment runs end to end with the worker and the API in separate processes; each answers health for its own parts', async () => {
    const fleet = await startFleet({ address: inject('temporalAddress'), workers: 1, apis: 1, env: { TEMPORAL_UI_URL: 'https://temporal.example.com:8443' } });
    const [worker] = fleet.workers;
    const [api] = fleet.apis;

    // The API replica has no worker: its health and readiness do not ask for one.
    const apiHealth = await get(`${api!.url}/health`);
    expect(apiHealth.status).toBe(200);
    expect(Object.keys(apiHealth.body.parts).sort()).toEqual(['temporal', 'world']);
    expect((await get(`${api!.url}/ready`)).body).toEqual({ ready: true, parts: { temporal: expect.objectContaining({ ok: true }) } });
    expect((await get(`${api!.url}/ui/config.json`)).body.temporalUiUrl).toBe('https://temporal.example.com:8443');

    // The worker answers health, readiness and metrics, and serves no API.
    const workerHealth = await get(`${worker!.url}/health`);
    expect(workerHealth.status).toBe(200);
    expect(workerHealth.body.parts.worker).toEqual({ ok: true, detail: 'polling' });
    expect((await get(`${worker!.url}/ready`)).body).toMatchObject({ ready: true, parts: { temporal: { ok: true }, worker: { ok: true } } });
    const notApi = await get(`${worker!.url}/skus`);
    expect(notApi.status).toBe(404);
    expect(notApi.body.error).toContain('the REST API runs in the api role');

    const sku = fleet.newSku();
    const s = story(fleet, sku);
    expect((await s.runToReceived()).outcome).toBe('received');
    expect(await s.orders()).toHaveLength(1);

    // The tools ran in the worker process (the policy chooses in workflow code): its scrape has them, and the SDK's own figures.
    const metrics = (await get(`${worker!.url}/metrics`)).body as string;
    expect(metrics).toMatch(/^replenisher_tool_calls_total\{tool="get_quotes",result="ok"\} [1-9]/m);
    expect(metrics).toMatch(/^temporal_\w+/m);

    // Without a worker, the API is still ready (it needs none); the worker drains and exits 0 on SIGTERM.
    expect(await worker!.stop()).toBe(0);
    expect((await get(`${api!.url}/ready`)).status).toBe(200);
    expect(await api!.stop()).toBe(0);
  });
});
