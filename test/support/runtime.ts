import { DefaultLogger, makeTelemetryFilterString, Runtime } from '@temporalio/worker';
import { stuckRuns } from '../../src/repair/stuck-runs.js';

let runtimeInstalled = false;

/**
 * The Temporal runtime of this test file, before its first worker (the SDK takes it once per
 * process): core's log through the logger that notes runs failing on nondeterminism, as src/main.ts does.
 */
export function installRuntime(): void {
  if (runtimeInstalled) return;
  Runtime.install({
    logger: stuckRuns.watching(new DefaultLogger('WARN')),
    telemetryOptions: { logging: { forward: {}, filter: makeTelemetryFilterString({ core: 'WARN', other: 'ERROR' }) } },
  });
  runtimeInstalled = true;
}
