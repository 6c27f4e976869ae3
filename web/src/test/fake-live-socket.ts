import type { Socket } from 'socket.io-client';
import { setLiveSocket } from '../shared/live/live-socket-registry.js';

type Listener = (payload: unknown) => void;

/** Stands in for the live socket: screens listen to it as to the real one, and a test plays the server. */
export class FakeLiveSocket {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** What the screens sent to the server, in order. */
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  connected = true;

  /** How the server acknowledges each event, when it does (`answers`). */
  private readonly answerers = new Map<string, (payload: unknown) => unknown>();

  emit(event: string, payload?: unknown, ack?: (answer: unknown) => void): this {
    this.sent.push({ event, payload });
    const answer = this.answerers.get(event);
    if (answer && ack) queueMicrotask(() => ack(answer(payload)));
    return this;
  }

  /** Acknowledges every later `event` sent with an acknowledgement callback with what `answer` returns. */
  answers(event: string, answer: (payload: unknown) => unknown): void {
    this.answerers.set(event, answer);
  }

  /** The payloads sent with `event`. */
  sentPayloads(event: string): unknown[] {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.payload);
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  /** How many listeners `event` has. */
  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }

  /** Delivers an event as if the server had sent it. */
  serverSends(event: string, payload: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(payload);
  }
}

/** Makes a fake the app's live socket; `restore` closes it again. */
export function installFakeLiveSocket() {
  const socket = new FakeLiveSocket();
  setLiveSocket(socket as unknown as Socket);
  return { socket, restore: () => setLiveSocket(null) };
}
