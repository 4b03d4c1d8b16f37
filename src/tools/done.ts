import { isSettled } from '../domain/state.js';
import { noInput, type DoneTool } from './tool.js';

export const done: DoneTool<'done'> = {
  kind: 'done',
  name: 'done',
  description: 'Finish the replenishment. Allowed once the purchase order is closed, cancelled or rejected.',
  input: noInput,
  allowed: (s) => isSettled(s),
};
