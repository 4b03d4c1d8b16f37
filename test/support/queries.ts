import { Client, type ConnectionLike } from '@temporalio/client';

/**
 * A client that notes every workflow query it sends (`<workflowId> <query>`): give it to the API
 * and a read that must ask no workflow shows whether it did (test/api/skus.test.ts, the bench).
 */
export function queryCountingClient(connection: ConnectionLike): { client: Client; queries: string[] } {
  const queries: string[] = [];
  const client = new Client({
    connection,
    interceptors: { workflow: [{ query: async (input, next) => { queries.push(`${input.workflowExecution.workflowId} ${input.queryType}`); return next(input); } }] },
  });
  return { client, queries };
}
