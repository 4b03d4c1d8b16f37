import { amountsIn } from '../../src/activities/reader/amounts.js';
import { statements, visibleText } from '../../src/activities/reply-reader.js';
import { replyTextOf, reportReply, type ModelRequest, type Step } from '../support/fake-model.js';
import { obeyingReport } from '../support/scripted-reader.js';
import { withPo, type InjectionEmail } from './corpus.js';

/**
 * A reader model that believes every email of the corpus: shown an email's visible text, it
 * answers what the raw email (hidden parts and all) asks for, quoting the email's sentence for it,
 * or a sentence of its own when the email has none (`obeyingReport`).
 */
export function obeyingModel(corpus: InjectionEmail[], po: string | ((shown: string) => string)) {
  return (req: ModelRequest): Step => {
    const shown = replyTextOf(req);
    const email = corpus.find((e) => visibleText(withPo(e, typeof po === 'string' ? po : po(shown))) === shown);
    if (!email) throw new Error(`request ${req.index} shows a text that is not in the corpus`);
    return reportReply(obeyingReport(withPo(email, typeof po === 'string' ? po : po(shown))));
  };
}

/** Every amount the supplier's own sentences state: what any price read from the email must be one of. */
export const statedUnitPrices = (text: string): number[] => statements(visibleText(text)).flatMap((s) => amountsIn(s).map((a) => a.value));
