import { DefaultLogger, Runtime, type LogLevel } from '@temporalio/worker';
import type { Logger } from 'pino';

/**
 * Temporal's native runtime, logging through pino, with the worker's own Prometheus exporter on
 * `metricsAddress` when given. Returns the exporter's URL, or nothing when it is off or the port
 * is taken (logged; the process runs without it).
 */
export function installRuntime(log: Logger, level: string, metricsAddress: string | null): string | undefined {
  const temporalLogger = new DefaultLogger(level === 'debug' || level === 'trace' ? 'INFO' : 'WARN', (entry) => {
    const l = entry.level.toLowerCase() as Lowercase<LogLevel>;
    log[l === 'trace' ? 'trace' : l]({ part: 'temporal', ...entry.meta }, entry.message);
  });
  try {
    Runtime.install({
      logger: temporalLogger,
      ...(metricsAddress ? { telemetryOptions: { metrics: { prometheus: { bindAddress: metricsAddress } } } } : {}),
    });
    return metricsAddress ? `http://${metricsAddress}/metrics` : undefined;
  } catch (err) {
    if (!metricsAddress) throw err;
    log.warn(`the Temporal worker's metrics cannot listen on ${metricsAddress} (${err instanceof Error ? err.message : String(err)}); /metrics shows the service's own figures only`);
    Runtime.install({ logger: temporalLogger });
    return undefined;
  }
}
