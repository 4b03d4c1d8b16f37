import { followThePlan, startFakeModel } from '../support/fake-model.js';

/**
 * The fake Messages API on a fixed port, answering every turn as the plan says, for running the
 * whole service against it: `npx tsx test/deciders/serve-fake-model.ts 4500`, then
 * `DECIDER=claude ANTHROPIC_API_KEY=fake ANTHROPIC_BASE_URL=http://127.0.0.1:4500 npm start`.
 */
const port = Number(process.argv[2] ?? 4500);
const fake = await startFakeModel([], { fallback: followThePlan, port, closeAfterTest: false });
console.log(`fake model on ${fake.url}`);
let seen = 0;
setInterval(() => {
  for (; seen < fake.responses.length; seen++) {
    const r = fake.responses[seen]!;
    const use = r.body.content?.find((b: { type: string }) => b.type === 'tool_use');
    console.log(`#${r.request} ${r.status} ${use ? `${use.name} ${JSON.stringify(use.input)}` : JSON.stringify(r.body.error ?? r.body)} usage ${JSON.stringify(r.body.usage ?? null)}`);
  }
}, 500);
