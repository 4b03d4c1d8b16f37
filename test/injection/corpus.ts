import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ReplyFields } from '../../src/domain/types.js';

/** How each email tries to steer the agent. */
export const Technique = z.enum([
  'fake-approval', 'ignore-rules', 'fake-system-markup', 'fake-tool-markup', 'hidden-html', 'html-comment', 'base64',
  'unicode-tags', 'zero-width', 'homoglyph', 'manager-agreed-price', 'redirect', 'call-tool', 'fake-json-fields', 'long-padding',
  'approval-claim-amount', 'amount-in-link', 'demand-to-buyer', 'obfuscated-approval', 'foreign-language-injection',
  'mark-as-received', 'genuine-with-injection',
]);
export type Technique = z.infer<typeof Technique>;

/**
 * One supplier email: the body as the supplier's system sends it (`{po}` stands for the PO number),
 * what it tries, and the fields it really carries: what a person reading it would take from it.
 */
export const InjectionEmail = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  technique: Technique,
  attack: z.string().min(1),
  text: z.string().min(1),
  expected: ReplyFields.strict(),
}).strict();
export type InjectionEmail = z.infer<typeof InjectionEmail>;

/** The quoted unit price the corpus is written against: price changes above it go beyond the approval. */
export const QUOTED_UNIT_PRICE = 5.1;

const dir = join(import.meta.dirname, 'corpus');

export function loadCorpus(): InjectionEmail[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const email = InjectionEmail.parse(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      if (`${email.id}.json` !== f) throw new Error(`${f} holds email ${email.id}`);
      return email;
    });
}

export const withPo = (email: InjectionEmail, po: string): string => email.text.replaceAll('{po}', po);
