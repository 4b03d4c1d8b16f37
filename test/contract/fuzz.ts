import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomPort } from '../support/http.js';

/**
 * The contract check (`npm run contract`): the service as `npm start` runs it, on ports of its own
 * with a data directory of its own, and Schemathesis against its /openapi.json with every check, a
 * manager's token and signed supplier and warehouse messages (hooks.py). Exits with Schemathesis's
 * status. Schemathesis itself comes from PyPI (.ci/run installs it; the message below says how).
 */
export const SCHEMATHESIS_VERSION = '4.32.5';
const venv = join(homedir(), '.cache', 'stock-replenisher', `schemathesis-${SCHEMATHESIS_VERSION}`);
const st = join(venv, 'bin', 'st');
if (!existsSync(st)) {
  console.error(`Schemathesis ${SCHEMATHESIS_VERSION} is not installed: python3 -m venv ${venv} && ${venv}/bin/pip install schemathesis==${SCHEMATHESIS_VERSION}`);
  process.exit(2);
}

const here = import.meta.dirname;
const secret = () => randomBytes(16).toString('hex');
const token = secret();
const supplier = { name: 'acme-industrial', secret: secret() };
const warehouse = secret();
const mailSecret = secret();
const api = randomPort();
const dataDir = mkdtempSync(join(tmpdir(), 'contract-'));
const env = {
  ...process.env,
  MANAGER_TOKENS: `contract:${token}`, SUPPLIER_SECRETS: `${supplier.name}:${supplier.secret}`, WAREHOUSE_SECRET: warehouse,
  INBOUND_MAIL_SECRET: mailSecret, SUPPLIER_EMAILS: `${supplier.name}:orders@${supplier.name}.example`,
  // The fuzzer sends far more than a person; the rate limit has tests of its own.
  RATE_LIMIT_PER_MINUTE: '1000000',
  API_PORT: String(api), TEMPORAL_PORT: String(randomPort()), TEMPORAL_UI_PORT: String(randomPort()), SANDBOX_PORT: String(randomPort()),
  METRICS_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
};
const service = spawn(process.execPath, [join(here, '..', '..', 'bin', 'service.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
const stop = () => new Promise<void>((done) => {
  if (service.exitCode !== null) return done();
  service.once('exit', () => done());
  service.kill('SIGTERM');
});

try {
  const base = `http://127.0.0.1:${api}`;
  const started = Date.now();
  while (!(await fetch(`${base}/ready`).then((r) => r.ok, () => false))) {
    if (service.exitCode !== null) throw new Error(`the service exited (${service.exitCode}) before it was ready`);
    if (Date.now() - started > 180_000) throw new Error('the service was not ready within 3 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const code = await new Promise<number>((done) => {
    spawn(st, ['--config-file', join(here, 'schemathesis.toml'), '--no-color', 'run', `${base}/openapi.json`, '--checks', 'all',
      '-H', `Authorization: Bearer ${token}`, '--workers', '1', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: { ...process.env, SCHEMATHESIS_HOOKS: 'hooks', PYTHONPATH: here, CONTRACT_SUPPLIER: supplier.name, CONTRACT_SUPPLIER_SECRET: supplier.secret, CONTRACT_WAREHOUSE_SECRET: warehouse, CONTRACT_MAIL_SECRET: mailSecret },
    }).on('exit', (c) => done(c ?? 1));
  });
  process.exitCode = code;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
