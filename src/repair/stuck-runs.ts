import type { LogLevel, LogMetadata, Logger } from '@temporalio/common';

/** A run whose workflow tasks fail because today's code does not replay its history. */
export interface StuckRun {
  runId: string;
  /** Filled in by whoever has a client (core's log names the run only). */
  workflowId?: string;
  reason: string;
  firstSeen: string;
  lastSeen: string;
  failures: number;
}

/**
 * Every nondeterminism failure this process's workers met, by run. Core reports a failing workflow
 * task once to the server and then retries it quietly, so its log line is the one place a worker
 * sees it; the service forwards core's log here (src/main.ts) and shows the list on /health and
 * the manager's page until the run is repaired (`replenisher repair`) or stops failing for an hour.
 */
export class StuckRuns {
  private readonly runs = new Map<string, StuckRun>();
  constructor(private readonly forgetAfterMs = 60 * 60_000) {}

  /** A forwarded core log entry; only "Failing workflow task" for nondeterminism counts. */
  noteCoreLog(message: string, meta: LogMetadata | undefined): void {
    if (message !== 'Failing workflow task') return;
    // Core names the field run_id; the forwarder hands it on as runId.
    const id: unknown = meta?.runId ?? meta?.run_id;
    const runId = typeof id === 'string' ? id : undefined;
    const failure = String(meta?.failure ?? '');
    if (!runId || !/nondetermin/i.test(failure)) return;
    const reason = failure.match(/message: "([^"]*)"/)?.[1] ?? failure.slice(0, 300);
    const now = new Date().toISOString();
    const seen = this.runs.get(runId);
    this.runs.set(runId, seen ? { ...seen, reason, lastSeen: now, failures: seen.failures + 1 } : { runId, reason, firstSeen: now, lastSeen: now, failures: 1 });
  }

  list(): StuckRun[] {
    const cutoff = Date.now() - this.forgetAfterMs;
    for (const [id, r] of this.runs) if (Date.parse(r.lastSeen) < cutoff) this.runs.delete(id);
    return [...this.runs.values()];
  }

  named(runId: string, workflowId: string): void {
    const r = this.runs.get(runId);
    if (r) r.workflowId = workflowId;
  }

  forget(runId: string): void {
    this.runs.delete(runId);
  }

  /** A logger for `Runtime.install` that passes everything on and notes core's task failures. */
  watching(logger: Logger): Logger {
    const note = (level: LogLevel, message: string, meta?: LogMetadata) => {
      if (meta?.sdkComponent === 'core') this.noteCoreLog(message, meta);
      logger.log(level, message, meta);
    };
    return {
      log: note,
      trace: (m, meta) => note('TRACE', m, meta),
      debug: (m, meta) => note('DEBUG', m, meta),
      info: (m, meta) => note('INFO', m, meta),
      warn: (m, meta) => note('WARN', m, meta),
      error: (m, meta) => note('ERROR', m, meta),
    };
  }
}

/** The process's one list: every worker of the process shares core's log. */
export const stuckRuns = new StuckRuns();
