import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../bench/cluster/cluster.js';
import { spawnRole } from '../../bench/cluster/roles.js';
import { story } from '../scenarios/story.js';
import { startFleet } from '../support/fleet.js';
import { selfSignedCa } from './certs.js';
import { fileScope } from '../support/sandbox.js';
import { clusterFor } from './cluster.js';

const scope = fileScope();
const certDir = mkdtempSync(join(tmpdir(), 'replenisher-tls-'));
chmodSync(certDir, 0o755);
scope.cleanup(() => rmSync(certDir, { recursive: true, force: true }));
const certs = selfSignedCa(certDir);
const clientTls = { TEMPORAL_TLS_CERT: certs.client.cert, TEMPORAL_TLS_KEY: certs.client.key, TEMPORAL_TLS_CA: certs.ca };

let cluster: Cluster;
beforeAll(async () => {
  cluster = await clusterFor(scope.cleanup, {
    tls: { cert: certs.server.cert, key: certs.server.key, ca: certs.ca },
    connect: (address) => Connection.connect({
      address,
      tls: { serverRootCACertificate: readFileSync(certs.ca), clientCertPair: { crt: readFileSync(certs.client.cert), key: readFileSync(certs.client.key) } },
    }),
  });
});

/** A worker started with these TLS settings, and what it logged before it exited. */
async function workerThatExits(tls: Record<string, string>) {
  const logFile = join(certDir, `worker-${Object.keys(tls).length}.log`);
  const worker = spawnRole('worker', {
    port: 23_000 + Math.floor(Math.random() * 5_000), logFile,
    env: {
      TEMPORAL_ADDRESS: cluster.address, WORLD_URL: 'http://127.0.0.1:9', SUPPLIER_SECRETS: 'acme-industrial:acme-secret-0123456789',
      WAREHOUSE_SECRET: 'warehouse-secret-0123456789', ...tls,
    },
  });
  const code = await worker.exited;
  return { code, log: readFileSync(logFile, 'utf8') };
}

describe('mTLS to a Temporal cluster with a CA of its own', () => {
  it('workers and the API with TEMPORAL_TLS_CERT/KEY/CA run a replenishment end to end', async () => {
    const fleet = await startFleet({ address: cluster.address, workers: 1, apis: 1, env: clientTls });
    const sku = fleet.newSku();
    const s = story(fleet, sku);
    expect((await s.runToReceived()).outcome).toBe('received');
    expect(await s.orders()).toHaveLength(1);
  });

  it('a worker without a client certificate, or without TLS, does not start and says where it could not connect and how', async () => {
    const noCert = await workerThatExits({ TEMPORAL_TLS_CA: certs.ca });
    expect(noCert.code).toBe(1);
    expect(noCert.log).toContain(`cannot connect to Temporal at ${cluster.address} (TLS)`);
    const plain = await workerThatExits({});
    expect(plain.code).toBe(1);
    expect(plain.log).toContain(`cannot connect to Temporal at ${cluster.address} (plain)`);
  });

  it('a certificate path that is wrong stops the start before any connection, naming the variable', async () => {
    const wrong = await workerThatExits({ ...clientTls, TEMPORAL_TLS_KEY: join(certDir, 'no-such.key') });
    expect(wrong.code).toBe(2);
    expect(wrong.log).toContain(`TEMPORAL_TLS_KEY: cannot read ${join(certDir, 'no-such.key')} (ENOENT)`);
  });
});
