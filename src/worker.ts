import { fileURLToPath } from 'node:url';
import { DefaultLogger, NativeConnection, Worker, bundleWorkflowCode, type WorkflowBundleOption } from '@temporalio/worker';
import type { Activities } from './activities/contract.js';
import { WORKER_MAX_CACHED_WORKFLOWS, WORKER_STICKY_TIMEOUT_MS } from './config.js';

export const workflowsPath = fileURLToPath(new URL('./workflows/index.ts', import.meta.url));
/** Refuses activations a query made out of part of a workflow task (src/workflows/task-guard.ts). */
export const workflowInterceptorModules = [fileURLToPath(new URL('./workflows/task-guard.ts', import.meta.url))];

export interface WorkerOptions {
  connection: NativeConnection;
  namespace?: string;
  taskQueue: string;
  activities: Activities;
  /** Pre-bundled workflow code (tests bundle once per run); otherwise bundled at start. */
  workflowBundle?: WorkflowBundleOption;
  maxCachedWorkflows?: number;
  stickyQueueTimeoutMs?: number;
  /** Temporal worker versioning: this worker's deployment and build. */
  versioning?: { deploymentName: string; buildId: string; behavior: 'AUTO_UPGRADE' | 'PINNED' };
}

export function createWorker(o: WorkerOptions): Promise<Worker> {
  return Worker.create({
    connection: o.connection,
    namespace: o.namespace ?? 'default',
    taskQueue: o.taskQueue,
    activities: o.activities,
    ...(o.workflowBundle ? { workflowBundle: o.workflowBundle } : { workflowsPath, interceptors: { workflowModules: workflowInterceptorModules } }),
    maxCachedWorkflows: o.maxCachedWorkflows ?? WORKER_MAX_CACHED_WORKFLOWS,
    stickyQueueScheduleToStartTimeout: o.stickyQueueTimeoutMs ?? WORKER_STICKY_TIMEOUT_MS,
    shutdownGraceTime: '5 seconds',
    ...(o.versioning ? {
      workerDeploymentOptions: {
        version: { deploymentName: o.versioning.deploymentName, buildId: o.versioning.buildId },
        useWorkerVersioning: true as const,
        defaultVersioningBehavior: o.versioning.behavior,
      },
    } : {}),
  });
}

export const bundleWorkflows = () => bundleWorkflowCode({ workflowsPath, workflowInterceptorModules, logger: new DefaultLogger('WARN') });
