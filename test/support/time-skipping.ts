import { encodeSearchAttributeIndexedValueType } from '@temporalio/common/lib/search-attributes.js';
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { inject } from 'vitest';
import { SEARCH_ATTRIBUTE_KEYS } from '../../src/workflows/search-attributes.js';
import type { Cleanup } from './sandbox.js';

/** The Java time-skipping test server (the one global setup found), with our search attributes registered. */
export async function startTimeSkipping(cleanup: Cleanup): Promise<TestWorkflowEnvironment> {
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
