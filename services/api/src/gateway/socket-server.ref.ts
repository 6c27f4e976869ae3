import { Injectable } from '@nestjs/common';
import type { Server } from 'socket.io';

/** The socket.io server, set by the gateway once it is created (publishers may be built before that). */
@Injectable()
export class SocketServerRef {
  private current: Server | null = null;

  set(server: Server): void {
    this.current = server;
  }

  get server(): Server | null {
    return this.current;
  }
}
