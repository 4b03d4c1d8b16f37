import type { FastifyInstance } from 'fastify';
import { parse } from '../http-errors.js';
import { FaultBody } from '../schemas.js';
import type { SandboxContext } from './context.js';

export function faultRoutes(app: FastifyInstance, { faults }: SandboxContext): void {
  app.get('/faults', async () => ({ faults: faults.list() }));

  app.put('/faults', async (req) => {
    faults.set(parse(FaultBody, req.body, 'fault'));
    return { faults: faults.list() };
  });

  app.delete('/faults', async () => {
    faults.clear();
    return { faults: [] };
  });
}
