import type { Logger } from 'pino';
import type { Env } from '../../config.js';
import type { ReplyReader } from '../../domain/world.js';
import { patternReader } from '../reply-reader.js';
import { createClaudeReader } from './claude.js';

/** Which reader reads supplier replies: Claude when asked for, or when a key is set and READER is not; else the patterns. */
export function selectReader(env: Env, log: Logger): { name: 'claude' | 'pattern'; reader: ReplyReader } {
  const wantClaude = env.READER === 'claude' || (env.READER === undefined && env.ANTHROPIC_API_KEY !== undefined);
  if (!wantClaude) {
    log.info(env.READER === 'pattern' ? 'reply reader: pattern (READER=pattern)' : 'reply reader: pattern (no ANTHROPIC_API_KEY set)');
    return { name: 'pattern', reader: patternReader };
  }
  if (!env.ANTHROPIC_API_KEY) throw new Error('READER=claude needs ANTHROPIC_API_KEY');
  const model = env.ANTHROPIC_READER_MODEL ?? env.ANTHROPIC_MODEL;
  const why = env.READER === 'claude' ? 'READER=claude' : 'ANTHROPIC_API_KEY is set';
  log.info(
    { model, baseURL: env.ANTHROPIC_BASE_URL ?? 'https://api.anthropic.com', timeoutMs: env.ANTHROPIC_READER_TIMEOUT_MS },
    `reply reader: claude (${why}), model ${model}, the pattern reader when the model cannot answer`,
  );
  const readerLog = log.child({ part: 'reader' });
  return {
    name: 'claude',
    reader: createClaudeReader({
      apiKey: env.ANTHROPIC_API_KEY,
      model,
      baseURL: env.ANTHROPIC_BASE_URL,
      timeoutMs: env.ANTHROPIC_READER_TIMEOUT_MS,
      fallback: patternReader,
      log: (message, fields) => readerLog.warn(fields, message),
    }),
  };
}
