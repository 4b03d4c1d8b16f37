import type { FastifyRequest } from 'fastify';
import type { DecisionChannel } from '../domain/types.js';

/**
 * The header the manager's page and the CLI send so that a decision records where it was made. It
 * labels, it proves nothing: the token proves who decided, whatever the header says.
 */
export const CLIENT_HEADER = 'x-replenisher-client';

/** Where a decision sent to the REST API was made: `page` or `cli` when they say so, else `api`. */
export function channelOf(req: FastifyRequest): DecisionChannel {
  const client = req.headers[CLIENT_HEADER];
  return client === 'page' || client === 'cli' ? client : 'api';
}
