import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import type { ReplyReader } from '../../src/domain/world.js';
import { startFakeModel } from '../support/fake-model.js';
import { claudeReaderAt } from '../support/scripted-reader.js';
import { afterThisFile, startStack, type Stack } from '../support/stack.js';
import { loadCorpus, type InjectionEmail } from './corpus.js';
import { expectOnlyWhatTheRulesAllow, expectReadAsAllowed, replenishAnswering } from './loop.js';
import { obeyingModel, rawEmailOf } from './obedient-reader.js';

const corpus = loadCorpus();

/** The emails sent so far, by PO number: how the obedient reader model finds the raw email behind a text. */
const sent = new Map<string, InjectionEmail>();

const READERS: [string, { exact: boolean; reader?: () => Promise<ReplyReader> }][] = [
  ['the pattern reader', { exact: true }],
  ['the Claude reader with a model that believes the email', {
    exact: false,
    reader: async () => {
      const fake = await startFakeModel([], { fallback: obeyingModel(rawEmailOf(corpus, () => sent.entries())), closeAfterTest: false });
      afterAll(() => fake.close());
      // Every read must come from the model: a fallback to the patterns would test the pattern reader again.
      const fellBack: string[] = [];
      afterAll(() => expect(fellBack).toEqual([]));
      return claudeReaderAt(fake, { fallback: { read: async (text, hints, context) => { fellBack.push(text); return patternReader.read(text, hints, context); } } });
    },
  }],
];

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
