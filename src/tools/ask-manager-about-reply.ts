import { isSettled } from '../domain/state.js';
import { callTool, noInput } from './tool.js';

/** After the supplier was asked to restate itself, a reply still unreadable goes to a person. */
export const askManagerAboutReply = callTool({
  name: 'ask_manager_about_reply',
  description: 'Send the manager a supplier message the agent still cannot read after asking the supplier to clarify; the agent goes on waiting.',
  input: noInput,
  allowed: (s, rules) => !isSettled(s) && s.order !== null && s.unclearReply && s.clarificationsAsked >= rules.maxClarifications,
  execute: async (_input, s, ctx) => {
    const po = s.po!;
    const last = s.replies.at(-1);
    await ctx.world.notify({
      to: ctx.rules.manager,
      subject: `Read ${po.supplier}'s message on ${po.poNumber}`,
      body: [
        `The agent could not read ${po.supplier}'s message${last ? ` of ${last.receivedAt}` : ''} as a confirmation, a new date, a price change, a partial delivery or a refusal, even after asking it to restate.`,
        last ? `What it shows: ${last.excerpt}` : '',
        'The order stands as placed and the agent goes on waiting; cancel the PO if the message means it cannot go on.',
      ].filter(Boolean).join('\n'),
      sku: po.sku,
      poNumber: po.poNumber,
    });
    return { sentTo: ctx.rules.manager };
  },
  apply: (s) => ({ ...s, unclearReply: false }),
  describe: (s) => `ask_manager_about_reply on ${s.po?.poNumber}`,
});
