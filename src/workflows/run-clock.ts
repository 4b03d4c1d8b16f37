/**
 * The run's clock. It moves only on times history holds as data (the run's start, when the decider
 * chose, a message's arrival, a wait's end), never on the time of the workflow task, which can
 * differ between the first run and a replay (docs/changing-workflows.md, "Time in workflow code").
 */
export class RunClock {
  constructor(private ms: number) {}

  /** Moves to a time history recorded, never back. */
  advance(at: string | undefined): void {
    if (at) this.ms = Math.max(this.ms, Date.parse(at));
  }

  get millis(): number {
    return this.ms;
  }

  now(): string {
    return new Date(this.ms).toISOString();
  }
}
