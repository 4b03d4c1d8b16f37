import { spawn, type ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject, onTestFinished } from 'vitest';
import type { Stack } from './stack.js';

const script = fileURLToPath(new URL('./worker-process.ts', import.meta.url));

/** Starts the stack's worker in a child process; resolves once it polls. */
export async function startExternalWorker(stack: Stack): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      TEMPORAL_ADDRESS: stack.address, TASK_QUEUE: stack.taskQueue, WORLD_URL: stack.sandbox.url,
      BUNDLE_PATH: inject('workflowBundlePath'),
      ...(stack.recordsAt.kind === 'postgres' ? { DATABASE_URL: stack.recordsAt.url } : { DATA_DIR: dirname(stack.recordsAt.file) }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  onTestFinished(() => { if (child.exitCode === null) child.kill('SIGKILL'); });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('worker running')) resolve(); });
    child.once('exit', (code) => reject(new Error(`worker process exited with ${code}`)));
  });
  return child;
}

export function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
