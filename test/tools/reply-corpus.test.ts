import { describe, expect, it } from 'vitest';
import { patternReader } from '../../src/activities/reply-reader.js';
import { ReplyKind } from '../../src/domain/types.js';
import { loadReplyCorpus, scoreReader, type Miss } from '../fixtures/replies/corpus.js';

/**
 * The two misreads that must not happen, on the labelled replies the rules may be written beside:
 * a reply read as a confirmation that is not one (it closes the question wrongly), and a misread
 * that moves money or the plan (a wrong price or quantity, or an order read as going on where the
 * supplier changed its price or a person must look). Accuracy is a benchmark (`npm run eval:reader`),
 * not a gate.
 */
const corpus = loadReplyCorpus('development');
const shown = (misses: Miss[]) => misses.map((m) => `${m.id}: labelled ${JSON.stringify(m.expected)}, read ${JSON.stringify(m.read)}`);

describe('the pattern reader over the development replies', async () => {
  const score = await scoreReader(patternReader, corpus);

  it('never reads a reply as confirmed unless it confirms', () => {
    expect(shown(score.falseConfirmations)).toEqual([]);
  });

  it('never misreads a reply in a way that moves money or the plan', () => {
    expect(shown(score.moneyMoving)).toEqual([]);
  });

  it('the split has at least 300 replies and every kind of reply', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.map((r) => r.expected.kind))).toEqual(new Set(ReplyKind.options));
  });
});
