import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_MB, withDefaultHeap } from '../../src/roles/heap.js';
import { alive } from '../../src/temporal/dev-server.js';
import { randomPort } from '../support/http.js';
import { eventually } from '../support/stack.js';

const dir = mkdtempSync(join(tmpdir(), 'launcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Loaded into every node the launcher starts; the service's process says its V8 heap limit.
const probe = join(dir, 'probe.mjs');
writeFileSync(probe, `import v8 from 'node:v8';
if (process.argv[1]?.endsWith('main.ts')) console.log('heap limit ' + Math.round(v8.getHeapStatistics().heap_size_limit / 2 ** 20));
`);

/** `npm run <role>` as the scripts run it (bin/service.js), with NODE_OPTIONS; the service's heap limit and exit. */
function launch(role: string, nodeOptions: string) {
  const r = spawnSync(process.execPath, ['bin/service.js', role], { env: { ...process.env, NODE_OPTIONS: `${nodeOptions} --import=${probe}`.trim() }, encoding: 'utf8', timeout: 60_000 });
  const heapMB = Number(/heap limit (\d+)/.exec(r.stdout)?.[1]);
  return { code: r.status, stderr: r.stderr, heapMB };
}

describe('bin/service.js: the service with its default heap limit', () => {
  it('starts src/main.ts under the default V8 heap limit, passing the role and its exit code through', () => {
    const r = launch('scheduler', '');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown role "scheduler"');
    // V8 adds the young generation to the old space's limit.
    expect(r.heapMB).toBeGreaterThanOrEqual(DEFAULT_HEAP_MB);
    expect(r.heapMB).toBeLessThan(DEFAULT_HEAP_MB + 128);
  });

  it('a heap limit in NODE_OPTIONS wins over the default', () => {
    const r = launch('scheduler', '--max-old-space-size=2048');
    expect(r.code).toBe(2);
    expect(r.heapMB).toBeGreaterThanOrEqual(2048);
    expect(r.heapMB).toBeLessThan(2048 + 128);
  });

  it('keeps the other NODE_OPTIONS and adds the limit only when none is set', () => {
    expect(withDefaultHeap(undefined)).toBe(`--max-old-space-size=${DEFAULT_HEAP_MB}`);
    expect(withDefaultHeap('--enable-source-maps')).toBe(`--enable-source-maps --max-old-space-size=${DEFAULT_HEAP_MB}`);
    expect(withDefaultHeap('--max_old_space_size=300 --trace-gc')).toBe('--max_old_space_size=300 --trace-gc');
  });
});

describe('bin/service.js killed outright', () => {
  it('the service it started stops too, with the Temporal dev server it ran', async () => {
    const dataDir = mkdtempSync(join(dir, 'data-'));
    const port = () => String(randomPort());
    const launcher = spawn(process.execPath, ['bin/service.js'], {
      env: {
        ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_OPTIONS: `--import=${probe}`,
        API_PORT: port(), SANDBOX_PORT: port(), TEMPORAL_PORT: port(), TEMPORAL_UI_PORT: port(), METRICS_PORT: port(),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pidFile = join(dataDir, 'temporal.pid');
    await eventually(async () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').length > 0, (ok) => ok, 60_000, 'the dev server to be started');
    const serverPid = Number(readFileSync(pidFile, 'utf8'));
    launcher.kill('SIGKILL');
    // The service stops its dev server last: once that is gone, the service has stopped.
    await eventually(async () => alive(serverPid), (up) => !up, 60_000, 'the dev server to be stopped');
  });
});
