import { DefaultLogger, makeTelemetryFilterString, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from 'pino';
import { stuckRuns } from '../repair/stuck-runs.js';

/**
 * Temporal's native runtime, logging through pino, with the worker's own Prometheus exporter on
 * `metricsAddress` when given. Returns the exporter's URL, or nothing when it is off or the port
 * is taken (logged; the process runs without it).
 */
export function installRuntime(log: Logger, level: string, metricsAddress: string | null): string | undefined {
  // Core's own log comes through here too, where runs failing on nondeterminism are noted for
  // /health and the page (src/repair/stuck-runs.ts).
  const temporalLogger = stuckRuns.watching(new DefaultLogger(level === 'debug' || level === 'trace' ? 'INFO' : 'WARN', (entry) => {
    const l = entry.level.toLowerCase() as Lowercase<LogLevel>;
    log[l === 'trace' ? 'trace' : l]({ part: 'temporal', ...entry.meta }, entry.message);
  }));
  // The process stops its worker itself, in order with the rest (src/main.ts). Left to the SDK, a
  // SIGTERM during the start stopped the worker and nothing else, and the process never exited.
  const shutdownSignals: NodeJS.Signals[] = [];
  const logging = { forward: {}, filter: makeTelemetryFilterString({ core: 'WARN', other: 'ERROR' }) };
  try {
    Runtime.install({
      logger: temporalLogger,
      shutdownSignals,
      telemetryOptions: { logging, ...(metricsAddress ? { metrics: { prometheus: { bindAddress: metricsAddress } } } : {}) },
    });
    return metricsAddress ? `http://${metricsAddress}/metrics` : undefined;
  } catch (err) {
    if (!metricsAddress) throw err;
    log.warn(`the Temporal worker's metrics cannot listen on ${metricsAddress} (${err instanceof Error ? err.message : String(err)}); /metrics shows the service's own figures only`);
    Runtime.install({ logger: temporalLogger, shutdownSignals, telemetryOptions: { logging } });
    return undefined;
  }
}
