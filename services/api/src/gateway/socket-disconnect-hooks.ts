import { Injectable } from '@nestjs/common';
import type { Socket } from 'socket.io';

type DisconnectHook = (socket: Socket) => Promise<void>;

/**
 * What feature gateways do when a socket disconnects, run by AppGateway before it takes the socket out of presence.
 * Leaving a draft's room asks whether another socket of the user is still present there; when all of a user's sockets
 * go at once (a logout disconnects every socket of its token), each must leave its rooms while the others still count
 * as present, so only the last one out announces `userLeft`. With the two steps in separate `handleDisconnect`s every
 * socket was first taken out of presence, and the room heard `userLeft` once per tab.
 */
@Injectable()
export class SocketDisconnectHooks {
  private readonly hooks: DisconnectHook[] = [];

  register(hook: DisconnectHook): void {
    this.hooks.push(hook);
  }

  /** Every hook, side by side; a failing hook is its owner's to report and never stops the others. */
  async run(socket: Socket): Promise<void> {
    await Promise.allSettled(this.hooks.map((hook) => hook(socket)));
  }
}
