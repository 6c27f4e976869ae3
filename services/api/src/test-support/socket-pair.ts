import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io, type Socket as ClientSocket } from 'socket.io-client';

/** A bare socket.io server (no app) with one websocket client connected to it, for specs of server-side plumbing. */
export interface SocketPair {
  server: Server;
  client: ClientSocket;
  /** The server's side of the client's connection. */
  serverSocket: ServerSocket;
  close(): Promise<void>;
}

/** `prepare` runs on the server before the client connects (to install what the spec tests). */
export async function socketPair(prepare: (server: Server) => void = () => undefined): Promise<SocketPair> {
  const http = createServer();
  const server = new Server(http);
  prepare(server);
  const connected = new Promise<ServerSocket>((resolve) => server.on('connection', resolve));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  const client = io(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
  const serverSocket = await connected;
  await new Promise<void>((resolve) => (client.connected ? resolve() : client.once('connect', resolve)));
  return {
    server,
    client,
    serverSocket,
    async close() {
      client.close();
      await server.close();
    },
  };
}
