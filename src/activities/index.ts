import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Rules } from '../domain/rules.js';
import type { ReplyReader, World } from '../domain/world.js';
import { BUSINESS_REFUSAL } from '../domain/world.js';
import { toolByName } from '../tools/index.js';
import type { Activities, Decider, RunToolRequest } from './contract.js';

export interface ActivityDeps {
  world: World;
  reader: ReplyReader;
  decider: Decider;
}

/** Activities close over their dependencies, so tests and production wire different worlds. */
export function createActivities({ world, reader, decider }: ActivityDeps): Activities {
  return {
    decide: (req) => decider.decide(req),

    async runTool({ tool: name, input, state, rules, idempotencyKey }: RunToolRequest) {
      const tool = toolByName(name);
      if (!tool || tool.kind !== 'call') {
        throw ApplicationFailure.nonRetryable(`${name} is not a tool that runs`, 'InvalidToolInput');
      }
      const parsed = tool.input.safeParse(input);
      if (!parsed.success) throw ApplicationFailure.nonRetryable(`invalid input for ${name}: ${parsed.error.message}`, 'InvalidToolInput');
      Context.current().log.info('running tool', { tool: name, idempotencyKey, attempt: Context.current().info.attempt });
      try {
        return await tool.execute(parsed.data, state, { world, reader, rules: rules as Rules, idempotencyKey });
      } catch (err) {
        if (err instanceof Error && err.name === BUSINESS_REFUSAL) {
          throw ApplicationFailure.nonRetryable(err.message, BUSINESS_REFUSAL);
        }
        throw err;
      }
    },

    checkStock: (sku) => world.stock(sku),

    notifyManager: ({ state, rules, subject, body }) =>
      world.notify({ to: rules.manager, subject, body, sku: state.sku, ...(state.po ? { poNumber: state.po.poNumber } : {}) }),
  };
}
