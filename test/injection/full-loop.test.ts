import { beforeAll, describe, it } from 'vitest';
import type { ReplyReader } from '../../src/domain/world.js';
import { startMockedLoop, type MockedLoop } from '../support/mocked-loop.js';
import { fileScope } from '../support/sandbox.js';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';
import { sharedTimeSkipping } from '../support/time-skipping.js';
import { loadCorpus } from './corpus.js';
import { answerOnMockedLoop, expectOnlyWhatTheRulesAllow, expectReadAsAllowed, quotesOfOffers, replenishAnswering, THROUGH_THE_API } from './loop.js';
import { loopReaders } from './obedient-reader.js';

const corpus = loadCorpus();

const { sent, readers: READERS } = loopReaders(corpus);
// Every stack and loop of the file on one time-skipping server: none awaits a run's result, so none skips another's waits.
const server = sharedTimeSkipping(fileScope().cleanup);

describe.each(READERS)('a supplier email that tries to steer the agent changes nothing the manager decided, read by %s', (_name, { exact, reader: startReader }) => {
  let reader: ReplyReader | undefined;
  beforeAll(async () => {
    reader = await startReader?.();
  });

  // Every email, on the real workflows with the world mocked: the reader, the rules and the policy are the production code's.
  describe('on the workflows', () => {
    let loop: MockedLoop;
    beforeAll(async () => {
      loop = await startMockedLoop({ quotes: quotesOfOffers, server: server(), cleanup: afterThisFile, ...(reader ? { reader } : {}) });
    });

    it.concurrent.each(corpus.map((e, i) => [e.id, e, `manager-${i}`] as const))('%s', async (_id, email, manager) => {
      const answered = await answerOnMockedLoop(loop, email, manager, (sku) => sent.set(`PO-${sku}-1`, email));
      // Every legitimate field is read, and nothing else; a believing model gets no unstated price through.
      expectReadAsAllowed(email, answered.read, exact, answered.placedFor);
      expectOnlyWhatTheRulesAllow(answered, manager);
    });
  });

  // The same for a few emails through the whole service: REST, the sandbox world with its document store, the worker's activities.
  describe('through the API', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ temporal: 'time-skipping', server: server(), cleanup: afterThisFile, ...(reader ? { reader } : {}) });
    });

    it.concurrent.each(corpus.filter((e) => THROUGH_THE_API.includes(e.id)).map((e, i) => [e.id, e, `manager-api-${i}`] as const))('%s', async (_id, email, manager) => {
      const answered = await replenishAnswering(stack, email, manager, (sku) => sent.set(`PO-${sku}-1`, email));
      expectReadAsAllowed(email, answered.read, exact, answered.placedFor);
      expectOnlyWhatTheRulesAllow(answered, manager);
    });
  });
});
