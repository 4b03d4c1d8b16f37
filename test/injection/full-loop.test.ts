import { beforeAll, describe, it } from 'vitest';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';
import { loadCorpus } from './corpus.js';
import { expectOnlyWhatTheRulesAllow, expectReadAsAllowed, replenishAnswering } from './loop.js';
import { loopReaders } from './obedient-reader.js';

const corpus = loadCorpus();

const { sent, readers: READERS } = loopReaders(corpus);

describe.each(READERS)('a supplier email that tries to steer the agent changes nothing the manager decided, read by %s', (_name, { exact, reader }) => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ temporal: 'time-skipping', cleanup: afterThisFile, ...(reader ? { reader: await reader() } : {}) });
  });

  it.concurrent.each(corpus.map((e, i) => [e.id, e, `manager-${i}`] as const))('%s', async (_id, email, manager) => {
    const answered = await replenishAnswering(stack, email, manager, (sku) => sent.set(`PO-${sku}-1`, email));
    // Every legitimate field is read, and nothing else; a believing model gets no unstated price through.
    expectReadAsAllowed(email, answered.read, exact);
    expectOnlyWhatTheRulesAllow(answered, manager);
  });
});
