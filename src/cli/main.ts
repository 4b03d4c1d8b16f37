import { run } from './run.js';

// `replenisher | head` closes stdout early; that is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

process.exitCode = await run(process.argv.slice(2), {
  stdout: (text) => { process.stdout.write(`${text}\n`); },
  stderr: (text) => { process.stderr.write(`${text}\n`); },
  env: process.env,
});
