import { reusedIdWhy } from '../domain/message-digest.js';
import { refusalOf } from '../domain/phase.js';
import type { Rules } from '../domain/rules.js';
import { cancelledOrderRefusal, fitsOnceOrdered, type EventName, type Message, type ReplenishState } from '../domain/state.js';
import { Inbox } from './inbox.js';
import type { Verdict } from './messages.js';

/**
 * Where a run's messages are judged, held and released, with one answer each. A cancellation
 * closes every door from its arrival to the run's end; a decision in the inbox closes the door to
 * a second one; once the run has ended, every message is refused (the loop that would read it is gone).
 */
export class MessageDesk {
  readonly inbox = new Inbox();
  readonly notes: string[] = [];
  private cancelling = false;
  private ended = false;

  /** `now`: the run's clock, which a message's arrival moves no earlier than its `at` when a wait takes it. */
  constructor(private readonly state: () => ReplenishState, private readonly rules: Rules, private readonly now: () => number) {}

  /** Whether an event already waits to be read (a cancellation: whether one came at all). */
  readonly pending = (e: EventName): boolean => (e === 'cancel' ? this.cancelling : this.inbox.has([e]));

  get hasEnded(): boolean {
    return this.ended;
  }

  /** The one judgement of a message: taken into the inbox, held until the order is placed, or refused. */
  judge(m: Message): Verdict {
    // A signal the run already took (an agent's Update retried after a worker died) changes nothing.
    const repeat = this.inbox.repeatOf(m);
    if (repeat === 'same') return { status: 'duplicate' };
    if (repeat === 'different') return { status: 'refused', type: 'NotWaiting', why: reusedIdWhy(m) };
    const refused = this.refusal(m);
    if (!refused) {
      this.inbox.push(m);
      if (m.event === 'cancel') this.cancelling = true;
      return { status: 'delivered' };
    }
    if (!this.ended && fitsOnceOrdered(this.state(), m)) {
      this.inbox.hold(m);
      this.notes.push(`${m.event} ${m.messageId} held: ${refused.why}; it is read once the order is placed`);
      return { status: 'held' };
    }
    this.notes.push(`${m.event} ${m.messageId} refused: ${refused.why}`);
    return { status: 'refused', ...refused };
  }

  /**
   * Held messages that fit now join the inbox; those that never will are noted as refused, as are
   * messages taken for an order since cancelled at its supplier (the next order's waits must not read them).
   */
  releaseHeld(): void {
    const stale = this.inbox.discard((m) => cancelledOrderRefusal(this.state(), m.poNumber));
    for (const { message, why } of stale) this.notes.push(`${message.event} ${message.messageId} refused: ${why}`);
    const again = (m: Message) => {
      if (this.ended) return 'the replenishment ended first';
      const refused = this.refusal(m);
      return refused === null ? 'take' : fitsOnceOrdered(this.state(), m) ? 'hold' : refused.why;
    };
    for (const { message, why } of this.inbox.release(again)) this.notes.push(`${message.event} ${message.messageId} refused: ${why}`);
  }

  /** From here on every message is refused, and the held ones are let go with that reason. */
  end(): void {
    this.ended = true;
    this.releaseHeld();
  }

  private refusal(m: Message) {
    const at = new Date(Math.max(this.now(), Date.parse(m.at))).toISOString();
    return refusalOf(this.state(), m, this.rules, this.pending, at)
      ?? (this.ended ? { type: 'NotWaiting' as const, why: `${m.poNumber} takes no more messages: replenishment ${this.state().poBase} has already ended` } : null);
  }
}
