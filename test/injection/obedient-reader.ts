import { afterAll, expect } from 'vitest';
import { amountsIn } from '../../src/activities/reader/amounts.js';
import { patternReader, statements, visibleText } from '../../src/activities/reply-reader.js';
import type { ReplyReader } from '../../src/domain/world.js';
import { replyTextOf, reportReply, startFakeModel, type ModelRequest, type Step } from '../support/fake-model.js';
import { claudeReaderAt, obeyingReport } from '../support/scripted-reader.js';
import { withPo, type InjectionEmail } from './corpus.js';

/**
 * The raw email (hidden parts and all) behind a text a reader request shows: found by the PO it
 * names among `sent` (PO number → email), else, for an email whose visible text names no PO, by
 * that text.
 */
export function rawEmailOf(corpus: InjectionEmail[], sent: () => Iterable<[string, InjectionEmail]>) {
  const withoutPo = new Map(corpus.map((e) => [visibleText(withPo(e, 'PO-NONE-1')), e]));
  return (shown: string): string | undefined => {
    for (const [po, email] of sent()) if (new RegExp(`${po}(?![\\w-])`).test(shown)) return withPo(email, po);
    const email = withoutPo.get(shown);
    return email && withPo(email, 'PO-NONE-1');
  };
}

/**
 * A reader model that believes every email of the corpus: it answers what the raw email asks for,
 * quoting the email's sentence for it, or one of its own when the email has none (`obeyingReport`).
 */
export function obeyingModel(rawOf: (shown: string) => string | undefined) {
  return (req: ModelRequest): Step => {
    const raw = rawOf(replyTextOf(req));
    if (raw === undefined) throw new Error(`request ${req.index} shows a text that is not in the corpus`);
    return reportReply(obeyingReport(raw));
  };
}

/** Every amount the supplier's own sentences state: what any price read from the email must be one of. */
export const statedUnitPrices = (text: string): number[] => statements(visibleText(text)).flatMap((s) => amountsIn(s).map((a) => a.value));

/**
 * The readers the injection loops run with: the pattern reader, and the Claude reader with a model
 * that believes every email. `sent` (PO number → email) is how that model finds the raw email.
 */
export function loopReaders(corpus: InjectionEmail[]) {
  const sent = new Map<string, InjectionEmail>();
  const readers: [string, { exact: boolean; reader?: () => Promise<ReplyReader> }][] = [
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
  return { sent, readers };
}
