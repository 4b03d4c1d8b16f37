import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Turn } from '../src/domain/types.js';
import { replenishStateQuery } from '../src/workflows/messages.js';
import { round } from './support/measure.js';
import { freePort, type BenchStack, type WorkerHandle } from './support/stack.js';
import { agentSubject } from './subjects.js';

const fakeModelScript = fileURLToPath(new URL('../test/deciders/serve-fake-model.ts', import.meta.url));

/**
 * Tokens per replenishment with the Claude decider: the production client against the scripted
 * Messages API the tests use (it follows the plan and reports about four characters a token, so the
 * figures are estimates of prompt size, not a bill). `n` replenishments end to end, messages sent as
 * the agent waits for them; the agents' worker runs the Claude decider meanwhile.
 */
export async function tokensPerReplenishment(stack: BenchStack, swapWorker: (env: Record<string, string>) => Promise<WorkerHandle>, n: number) {
  const port = await freePort();
  const fake = spawn(process.execPath, ['--import', 'tsx', fakeModelScript, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      fake.stdout!.on('data', (d: Buffer) => { if (d.toString().includes('fake model on')) resolve(); });
      fake.once('exit', (code) => reject(new Error(`the scripted model exited with ${code}`)));
    });
    await swapWorker({ DECIDER: 'claude', ANTHROPIC_API_KEY: 'scripted', ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` });
    const subject = agentSubject(stack, 'tok');
    const ids = Array.from({ length: n }, (_, i) => i);
    for (const i of ids) {
      await subject.prepare(i);
      for (let k = 0; k < 3; k++) { await subject.waiting(i, k); await subject.send(i, k); }
      await subject.finished(i, 1);
    }
    const logs: Turn[][] = [];
    for (const i of ids) logs.push((await stack.client.workflow.getHandle(subject.childId(i, 1)).query(replenishStateQuery)).state.log);
    const decides = logs.map((log) => log.filter((t) => t.usage));
    const sum = (key: 'input' | 'cached' | 'output') => decides.flat().reduce((a, t) => a + (t.usage?.[key] ?? 0), 0) / n;
    const perDecide = decides.flat().map((t) => t.usage!.input);
    return {
      replenishments: n, model: 'scripted (about 4 characters a token)',
      decidesPerReplenishment: round(decides.flat().length / n, 1),
      perReplenishment: { input: round(sum('input')), cached: round(sum('cached')), output: round(sum('output')) },
      inputPerDecide: { min: Math.min(...perDecide), max: Math.max(...perDecide) },
    };
  } finally {
    fake.kill('SIGTERM');
    await swapWorker({});
  }
}
