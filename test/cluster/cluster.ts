import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { startCluster, type Cluster, type ClusterOptions } from '../../bench/cluster/cluster.js';

/** A cluster of this test file's own (fresh PostgreSQL data, ports of its own), stopped and removed after it. */
export async function clusterForThisFile(o: Partial<ClusterOptions> = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'replenisher-cluster-'));
  // PostgreSQL runs as its own user when the tests run as root: it must be able to enter this directory.
  chmodSync(dir, 0o711);
  const basePort = 22_000 + Math.floor(Math.random() * 1_500) * 10;
  // Registered before the start, so a cluster that fails half-way up is stopped too.
  const started: Cluster[] = [];
  afterAll(async () => {
    await started[0]?.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  started.push(await startCluster({ dir, basePort, say: () => {}, ...o }));
  return started[0]!;
}
