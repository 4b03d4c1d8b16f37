import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import Database from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { alive } from '../../src/temporal/dev-server.js';
import { randomPort as port } from '../support/http.js';
import { eventually } from '../support/stack.js';


/** `npm start` as a newcomer runs it, on ports and a data directory of this test. */
/** What each service printed: an exit code that is not the one expected comes with it. */
const outputs = new WeakMap<ChildProcess, string[]>();
const outputOf = (child: ChildProcess) => (outputs.get(child) ?? []).join('').slice(-4000);

function startService(dataDir: string, ports: Record<string, number>, logLevel = 'warn'): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env, DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: logLevel,
      API_PORT: String(ports.api), SANDBOX_PORT: String(ports.sandbox),
      TEMPORAL_PORT: String(ports.temporal), TEMPORAL_UI_PORT: String(ports.ui), METRICS_PORT: String(ports.metrics),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  outputs.set(child, output);
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  onTestFinished(() => { if (child.exitCode === null) child.kill('SIGKILL'); });
  return child;
}

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => {
  if (child.exitCode !== null) resolve(child.exitCode);
  else child.once('exit', (code) => resolve(code));
});

describe('npm start', () => {
  it('brings up Temporal, worker, API and the demo world; survives SIGKILL; stops cleanly on SIGTERM', async () => {
    const began = Date.now();
    // When the test times out, the last step printed says where it stood.
    const step = (what: string) => console.error(`[start.test +${((Date.now() - began) / 1000).toFixed(1)} s] ${what}`);
    const dataDir = mkdtempSync(join(tmpdir(), 'replenisher-start-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const ports = { api: port(), sandbox: port(), temporal: port(), ui: port(), metrics: port() };
    const api = (path: string) => fetch(`http://127.0.0.1:${ports.api}${path}`).then(async (r) => ({ status: r.status, body: await r.json() as any })).catch(() => ({ status: 0, body: null as any }));

    let service = startService(dataDir, ports);
    step('started');
    const health = await eventually(() => api('/health'), (r) => r.status === 200, 90_000, 'the service to be healthy');
    expect(health.body.parts.temporal.ok).toBe(true);
    expect(health.body.parts.worker.detail).toBe('polling');
    expect(health.body.parts.world.ok).toBe(true);
    expect((await api('/ready')).body).toMatchObject({ ready: true });
    expect((await fetch(`http://127.0.0.1:${ports.ui}/`)).status).toBe(200);

    // The seeded catalogue has a SKU below safety stock: its agent asks for approval by itself.
    step('healthy');
    const waiting = await eventually(() => api('/approvals'), (r) => r.body?.items?.length > 0, 60_000, 'an approval to wait');
    const po = waiting.body.items[0].poNumber as string;
    step(`${po} waits for approval`);

    // One scrape: the service's figures, then the Temporal worker's own, with no metric named twice.
    // The agent figures are a reading reused for 5 s: the one taken before the approval may be served first;
    // the worker's exporter answers empty until its first figures are recorded.
    const metrics = await eventually(() => fetch(`http://127.0.0.1:${ports.api}/metrics`).then((r) => r.text()),
      (text) => /^replenisher_approvals_pending [1-9]/m.test(text) && /^temporal_\w+/m.test(text), 30_000, 'the pending approval and the worker\'s figures in /metrics');
    expect(metrics).toMatch(/^replenisher_tool_calls_total\{tool="get_quotes",result="ok"\} [1-9]/m);
    expect(metrics).toMatch(/^temporal_\w+/m);
    const types = [...metrics.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]);
    expect(new Set(types).size).toBe(types.length);
    expect(existsSync(join(dataDir, 'temporal.sqlite'))).toBe(true);
    expect(existsSync(join(dataDir, 'records.sqlite'))).toBe(true);
    // The dev server's file is in WAL mode: its default journal synced every commit and held bursts back.
    const temporalDb = new Database(join(dataDir, 'temporal.sqlite'), { readonly: true, fileMustExist: true });
    expect(temporalDb.pragma('journal_mode', { simple: true })).toBe('wal');
    temporalDb.close();

    // Retention is set, not left to the dev server's one day: the record outlives it either way.
    const connection = await Connection.connect({ address: `127.0.0.1:${ports.temporal}` });
    const { config } = await connection.workflowService.describeNamespace({ namespace: 'default' });
    await connection.close();
    expect(Number(config?.workflowExecutionRetentionTtl?.seconds)).toBe(30 * 86_400);

    // Killed outright: the Temporal server it started is orphaned, and the next start must cope.
    const serverPid = Number(readFileSync(join(dataDir, 'temporal.pid'), 'utf8'));
    service.kill('SIGKILL');
    await exited(service);
    step('killed');
    service = startService(dataDir, ports);
    await eventually(() => api('/health'), (r) => r.status === 200, 90_000, 'the restarted service to be healthy');
    expect(alive(serverPid)).toBe(false);
    step('healthy again');
    const again = await eventually(() => api('/approvals'), (r) => r.body?.items?.some((i: { poNumber: string }) => i.poNumber === po), 60_000, `${po} to be waiting again`);
    expect(again.body.items.filter((i: { poNumber: string }) => i.poNumber === po)).toHaveLength(1);

    const newServerPid = Number(readFileSync(join(dataDir, 'temporal.pid'), 'utf8'));
    step(`${po} waits again`);
    service.kill('SIGTERM');
    expect(await exited(service), outputOf(service)).toBe(0);
    step('stopped');
    expect(alive(newServerPid)).toBe(false);
  });
});

describe('a stop during the start', () => {
  it('SIGTERM while the service is still starting stops everything it had started and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'replenisher-start-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const ports = { api: port(), sandbox: port(), temporal: port(), ui: port(), metrics: port() };
    const service = startService(dataDir, ports, 'info');
    // The dev server's pid file is the first thing the start leaves: the rest is still to come.
    const pidFile = join(dataDir, 'temporal.pid');
    await eventually(async () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').length > 0, (ok) => ok, 60_000, 'the dev server to be started');
    const serverPid = Number(readFileSync(pidFile, 'utf8'));
    service.kill('SIGTERM');
    expect(await exited(service), outputOf(service)).toBe(0);
    expect(alive(serverPid)).toBe(false);
  });

  it('the API role stops on SIGTERM while its Temporal cannot be reached yet', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'replenisher-start-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'api'], {
      env: {
        ...process.env, DATA_DIR: dataDir, LOG_FORMAT: 'json', LOG_LEVEL: 'info', API_PORT: String(port()),
        TEMPORAL_ADDRESS: `127.0.0.1:${port()}`, WORLD_URL: `http://127.0.0.1:${port()}`,
        SUPPLIER_SECRETS: 'acme:0123456789abcdef0123456789', WAREHOUSE_SECRET: '0123456789abcdef0123456789',
        MANAGER_TOKENS: 'dana:0123456789abcdef0123456789',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    onTestFinished(() => { if (child.exitCode === null) child.kill('SIGKILL'); });
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    // It says which server it is trying: the connection attempt is under way when SIGTERM comes.
    await eventually(async () => out, (text) => text.includes('using the Temporal server at'), 60_000, 'the API to try its Temporal');
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(out).toContain('"msg":"stopped"');
  });
});
