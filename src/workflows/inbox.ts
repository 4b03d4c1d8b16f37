import type { EventName, Message } from '../domain/state.js';

/** Messages that arrived before a wait asked for them; kept in arrival order, never dropped. */
export class Inbox {
  private readonly messages: Message[] = [];
  private readonly seen = new Set<string>();

  /** False when the message id was seen before: a redelivery is not a second message. */
  push(m: Message): boolean {
    if (this.seen.has(m.messageId)) return false;
    this.seen.add(m.messageId);
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

  isDuplicate(messageId: string): boolean {
    return this.seen.has(messageId);
  }

  list(): { event: string; messageId: string }[] {
    return this.messages.map((m) => ({ event: m.event, messageId: m.messageId }));
  }
}
