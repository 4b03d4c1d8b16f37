import { digestOf, repeatOf } from '../domain/message-digest.js';
import type { EventName, Message } from '../domain/state.js';

/** Messages that arrived before a wait asked for them; kept in arrival order, never dropped. */
export class Inbox {
  private readonly messages: Message[] = [];
  /** Messages that fit a later phase of the run; judged again at every turn. */
  private readonly held: Message[] = [];
  /** Each id taken, with what its message said. */
  private readonly seen = new Map<string, string>();

  hold(m: Message): void {
    if (this.seen.has(m.messageId)) return;
    this.seen.set(m.messageId, digestOf(m));
    this.held.push(m);
  }

  /**
   * Judges the held messages again: `take` moves one to the inbox, `hold` keeps it, any other answer
   * drops it and is returned with it (the reason it will never fit).
   */
  release(judge: (m: Message) => 'take' | 'hold' | string): { message: Message; why: string }[] {
    const dropped: { message: Message; why: string }[] = [];
    for (const m of this.held.splice(0)) {
      const verdict = judge(m);
      if (verdict === 'take') this.messages.push(m);
      else if (verdict === 'hold') this.held.push(m);
      else dropped.push({ message: m, why: verdict });
    }
    return dropped;
  }

  /** Takes out of the inbox the messages that can no longer be read, each with the reason `stale` gives (null: keep it). */
  discard(stale: (m: Message) => string | null): { message: Message; why: string }[] {
    const dropped: { message: Message; why: string }[] = [];
    for (const m of this.messages.splice(0)) {
      const why = stale(m);
      if (why === null) this.messages.push(m);
      else dropped.push({ message: m, why });
    }
    return dropped;
  }

  /** False when the message id was seen before: a redelivery is not a second message. */
  push(m: Message): boolean {
    if (this.seen.has(m.messageId)) return false;
    this.seen.set(m.messageId, digestOf(m));
    this.messages.push(m);
    return true;
  }

  has(events: readonly EventName[]): boolean {
    return this.messages.some((m) => events.includes(m.event));
  }

  take(events: readonly EventName[]): Message | null {
    const i = this.messages.findIndex((m) => events.includes(m.event));
    return i < 0 ? null : this.messages.splice(i, 1)[0]!;
  }

  /** `same`: this message was taken before; `different`: another message was taken under its id. */
  repeatOf(m: Message): 'same' | 'different' | null {
    return repeatOf(this.seen.get(m.messageId), m);
  }

  list(): { event: string; messageId: string }[] {
    return this.messages.map((m) => ({ event: m.event, messageId: m.messageId }));
  }
}
