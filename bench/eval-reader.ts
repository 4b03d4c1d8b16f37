import { patternReader } from '../src/activities/reply-reader.js';
import { ReplyKind } from '../src/domain/types.js';
import type { ReplyReader } from '../src/domain/world.js';
import { FIELDS, accuracy, loadReplyCorpus, scoreReader, type Score } from '../test/fixtures/replies/corpus.js';

/**
 * How well each reply reader reads the labelled corpus (test/fixtures/replies/corpus.json):
 * accuracy per field, the kinds it confuses, and the replies it reads as confirmed that are not.
 * A reader that needs a model joins the list when its key is set; `--misses` lists every miss.
 */
const READERS: { name: string; available: boolean; reader: () => ReplyReader }[] = [
  { name: 'pattern', available: true, reader: () => patternReader },
];

/** Ids of the replies written after the pattern reader's rules were fixed: a figure for text it was not tuned on. */
const HELD_OUT = 'held-';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function print(name: string, score: Score, misses: boolean, heldOut: number): void {
  console.log(`\n${name} reader, ${score.total} replies`);
  for (const f of FIELDS) {
    const s = score.fields[f];
    console.log(`  ${f.padEnd(13)} ${pct(accuracy(s)).padStart(6)}  (${s.correct}/${s.of})`);
  }
  console.log(`  ${'all fields'.padEnd(13)} ${pct(score.exact / score.total).padStart(6)}  (${score.exact}/${score.total})`);
  const kinds = ReplyKind.options;
  console.log(`\n  kind confusion (rows: labelled, columns: read)\n  ${''.padEnd(13)}${kinds.map((k) => k.slice(0, 9).padStart(10)).join('')}`);
  for (const labelled of kinds) {
    console.log(`  ${labelled.padEnd(13)}${kinds.map((read) => String(score.confusion[labelled][read]).padStart(10)).join('')}`);
  }
  const held = score.misses.filter((m) => m.id.startsWith(HELD_OUT));
  const heldKind = held.filter((m) => m.read.kind !== m.expected.kind).length;
  console.log(`  held out (${HELD_OUT}*, ${heldOut} replies written after the rules were fixed): kind ${heldOut - heldKind}/${heldOut}, all fields ${heldOut - held.length}/${heldOut}`);
  console.log(`\n  read as confirmed but labelled otherwise: ${score.falseConfirmations.length} (must be 0)`);
  for (const m of score.falseConfirmations) console.log(`    ${m.id}: labelled ${m.expected.kind}`);
  if (misses) for (const m of score.misses) console.log(`  miss ${m.id}: labelled ${JSON.stringify(m.expected)}, read ${JSON.stringify(m.read)}`);
}

const corpus = loadReplyCorpus();
let failed = false;
for (const { name, available, reader } of READERS) {
  if (!available) continue;
  const score = await scoreReader(reader(), corpus);
  print(name, score, process.argv.includes('--misses'), corpus.filter((r) => r.id.startsWith(HELD_OUT)).length);
  failed ||= score.falseConfirmations.length > 0;
}
if (!process.env.ANTHROPIC_API_KEY) console.log('\n(ANTHROPIC_API_KEY is not set: readers that need a model are left out)');
process.exitCode = failed ? 1 : 0;
