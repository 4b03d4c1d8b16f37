import type { Logger } from 'pino';

/** How the process ends, and the code it ends with (the README's table). */
export const EXIT_CODES = {
  /** Stopped by SIGINT or SIGTERM, everything closed. */
  stopped: 0,
  /** Could not start (Temporal unreachable, a port taken, a file unreadable), or the worker failed while running. */
  failed: 1,
  /** The configuration is invalid; the message names the variable. */
  badConfiguration: 2,
} as const;

export type Stop = () => Promise<unknown>;

/**
 * What the start brought up, stopped in reverse order of starting. A part marked `last` outlives
 * the others (the Temporal dev server, the purchasing record: the worker still writes to them while
 * it drains). A part that comes up after the stop began (a start that outlasted its grace) is stopped
 * at once.
 */
export class Lifecycle {
  private readonly stops: Stop[] = [];
  private stopping = false;

  constructor(private readonly log: Logger) {}

  add(stop: Stop, last = false): void {
    if (this.stopping) {
      stop().catch((err: unknown) => this.log.warn({ err }, 'error while shutting down'));
      return;
    }
    if (last) this.stops.push(stop);
    else this.stops.unshift(stop);
  }

  async stopAll(): Promise<void> {
    this.stopping = true;
    for (const stop of this.stops.splice(0)) {
      try { await stop(); } catch (err) { this.log.warn({ err }, 'error while shutting down'); }
    }
  }
}

/** A step of the start that cannot go on: the service stops with EXIT_CODES.failed and this message. */
export class StartFailure extends Error {}
