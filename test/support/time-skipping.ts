import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes.js';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { inject } from 'vitest';
import { SEARCH_ATTRIBUTE_KEYS } from '../../src/workflows/search-attributes.js';
import { installRuntime } from './runtime.js';
import type { Cleanup } from './sandbox.js';

/** The Java time-skipping test server (the one global setup found), with our search attributes registered. */
export async function startTimeSkipping(cleanup: Cleanup): Promise<TestWorkflowEnvironment> {
  // The server's connection makes the SDK's runtime: ours first.
  installRuntime();
  const env = await TestWorkflowEnvironment.createTimeSkipping({
    server: { executable: { type: 'existing-path', path: inject('testServerPath') } },
  });
  cleanup(() => env.teardown());
  // Like a real server, the test server refuses search attributes nobody registered.
  await env.connection.operatorService.addSearchAttributes({
    namespace: 'default',
    searchAttributes: Object.fromEntries(SEARCH_ATTRIBUTE_KEYS.map((k) => [k.name, encodeSearchAttributeIndexedValueType(k.type)!])),
  });
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
