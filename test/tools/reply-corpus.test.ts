import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import { ReplyKind } from '../../src/domain/types.js';
import { accuracy, loadReplyCorpus, scoreReader } from '../fixtures/replies/corpus.js';

/** The replies the rules were first written beside: the gate holds the reader to what it reads there. */
const corpus = loadReplyCorpus('development', ['corpus.json']);

/** Measured with `npm run eval:reader` on 185 replies (kind 94.6%, unitPrice 100%, deliveryDate 89.7%, quantity 85.7%), less a margin. */
const AT_LEAST = { kind: 0.92, unitPrice: 0.95, deliveryDate: 0.86, quantity: 0.8 };

describe('the pattern reader over 150+ labelled supplier replies', async () => {
  const score = await scoreReader(patternReader, corpus);

  it('never reads a reply as confirmed unless it confirms', () => {
    expect(score.falseConfirmations.map((m) => `${m.id}: labelled ${m.expected.kind}`)).toEqual([]);
  });

  it.each(Object.entries(AT_LEAST))('reads %s at least as well as measured', (field, least) => {
    expect(accuracy(score.fields[field as keyof typeof AT_LEAST])).toBeGreaterThanOrEqual(least);
  });

  it('the corpus has at least 150 replies and every kind of reply', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(150);
    expect(new Set(corpus.map((r) => r.expected.kind))).toEqual(new Set(ReplyKind.options));
  });
});
