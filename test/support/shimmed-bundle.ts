import { writeFileSync } from 'node:fs';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';
import { workflowInterceptorModules, workflowsPath } from '../../src/worker.js';
import { tempFile } from './sandbox.js';

/** Today's workflows bundled with the workflow API replaced by a shim: other workflow code, for replay and redeploy tests. */
export const bundleWithShim = (shimPath: string) => bundleWorkflowCode({
  workflowsPath,
  workflowInterceptorModules,
  logger: new DefaultLogger('WARN'),
  webpackConfigHook: (config) => ({
    ...config,
    resolve: { ...config.resolve, alias: { ...(config.resolve?.alias as object), '@temporalio/workflow$': shimPath } },
  }),
});

/** The same, written to a file a worker can load. */
export async function shimmedBundleFile(shimPath: string): Promise<string> {
  const path = tempFile();
  writeFileSync(path, (await bundleWithShim(shimPath)).code);
  return path;
}
