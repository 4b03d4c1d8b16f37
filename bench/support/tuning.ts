import type { WorkerOptions } from '@temporalio/worker';
import { Env } from '../../src/config.js';

/** The service's own settings (src/config.ts), with its defaults where the bench sets none. */
export const ServiceTuning = Env.pick({ WORKER_MAX_CACHED_WORKFLOWS: true, WORKER_STICKY_TIMEOUT_MS: true });

/**
 * The worker settings the benchmarks vary (one place, so the agent and the baseline always run
 * with the same ones). Read from the environment of the worker process.
 */
export function workerTuning(env: NodeJS.ProcessEnv): Partial<WorkerOptions> {
  const int = (name: string) => (env[name] ? Number(env[name]) : undefined);
  const service = ServiceTuning.parse(env);
  const options: Partial<WorkerOptions> = {
    maxCachedWorkflows: service.WORKER_MAX_CACHED_WORKFLOWS, stickyQueueScheduleToStartTimeout: service.WORKER_STICKY_TIMEOUT_MS,
  };
  const wft = int('WORKER_MAX_WORKFLOW_TASKS');
  if (wft !== undefined) options.maxConcurrentWorkflowTaskExecutions = wft;
  const act = int('WORKER_MAX_ACTIVITIES');
  if (act !== undefined) options.maxConcurrentActivityTaskExecutions = act;
  return options;
}
