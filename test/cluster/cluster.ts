import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster, type Cluster, type ClusterOptions } from '../../bench/cluster/cluster.js';
import { freeClusterBase } from '../../bench/cluster/temporal-server.js';
import type { Cleanup } from '../support/sandbox.js';

/** A cluster of this file's own (fresh PostgreSQL data, ports of its own), stopped and removed by `cleanup`. */
export async function clusterFor(cleanup: Cleanup, o: Partial<ClusterOptions> = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'replenisher-cluster-'));
  // PostgreSQL runs as its own user when the tests run as root: it must be able to enter this directory.
  chmodSync(dir, 0o711);
  cleanup(() => rmSync(dir, { recursive: true, force: true }));
  const cluster = await startCluster({ dir, basePort: await freeClusterBase(), say: () => {}, ...o });
  cleanup(() => cluster.stop());
  return cluster;
}
