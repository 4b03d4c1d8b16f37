import type { WorkerOptions } from '@temporalio/worker';
import { WORKER_STICKY_TIMEOUT_MS } from '../../src/config.js';

/**
 * The worker settings the benchmarks vary (one place, so the agent and the baseline always run
 * with the same ones). Read from the environment of the worker process.
 */
export function workerTuning(env: NodeJS.ProcessEnv): Partial<WorkerOptions> {
  const int = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const options: Partial<WorkerOptions> = {};
  const cache = int('WORKER_MAX_CACHED_WORKFLOWS');
  if (cache !== undefined) options.maxCachedWorkflows = cache;
  const wft = int('WORKER_MAX_WORKFLOW_TASKS');
  if (wft !== undefined) options.maxConcurrentWorkflowTaskExecutions = wft;
  const act = int('WORKER_MAX_ACTIVITIES');
  if (act !== undefined) options.maxConcurrentActivityTaskExecutions = act;
  options.stickyQueueScheduleToStartTimeout = int('WORKER_STICKY_TIMEOUT_MS') ?? WORKER_STICKY_TIMEOUT_MS;
  return options;
}
