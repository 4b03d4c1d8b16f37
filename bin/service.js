#!/usr/bin/env node
// `npm start`, `npm run worker`, `npm run api` and the image's command: src/main.ts in a node
// whose V8 heap limit is the service's default (src/roles/heap.ts) unless NODE_OPTIONS sets one.
// A process can't change its own heap limit once running, hence the child; signals go to it
// and its exit is this one's, so an orchestrator's SIGTERM drains the worker as before.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const { withDefaultHeap } = await tsImport('../src/roles/heap.ts', import.meta.url);
const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const child = spawn(process.execPath, ['--import', 'tsx', main, ...process.argv.slice(2)], {
  // The channel tells the service when this launcher is gone (SIGKILLed, say): it stops then
  // instead of running on with nobody to stop it (src/main.ts).
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, NODE_OPTIONS: withDefaultHeap(process.env.NODE_OPTIONS) },
});
const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) process.on(signal, () => child.kill(signal));
child.once('exit', (code, signal) => {
  if (signal) {
    for (const s of forwarded) process.removeAllListeners(s);
    process.kill(process.pid, signal);
  } else process.exit(code ?? 1);
});
