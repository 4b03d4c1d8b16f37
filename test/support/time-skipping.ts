import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { inject } from 'vitest';
import { startTimeSkippingServer } from '../../src/temporal/test-server.js';
import { installRuntime } from './runtime.js';
import type { Cleanup } from './sandbox.js';

/** The Java time-skipping test server (the one global setup found), with our search attributes registered. */
export async function startTimeSkipping(cleanup: Cleanup): Promise<TestWorkflowEnvironment> {
  // The server's connection makes the SDK's runtime: ours first.
  installRuntime();
  const env = await startTimeSkippingServer(inject('testServerPath'));
  cleanup(() => env.teardown());
  return env;
}

/**
 * One time-skipping server for every stack and mocked loop of a file that asks for it, started at
 * the first ask and stopped when the file ends (`cleanup` from `fileScope()`): each server is a JVM
 * to start. A test that lets the server skip time (awaiting a workflow's result through its client)
 * skips it for every run on the server, so runs that share one wait for messages, not for timers.
 */
export function sharedTimeSkipping(cleanup: Cleanup): () => Promise<TestWorkflowEnvironment> {
  let server: Promise<TestWorkflowEnvironment> | undefined;
  return () => (server ??= startTimeSkipping(cleanup));
}
