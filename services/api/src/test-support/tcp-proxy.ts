import { connect, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** From now on, what clients send is kept back (not forwarded): their requests wait for an answer that never comes. */
  hold(): void;
  /** The chunks kept back since `hold`, as text. */
  held(): string[];
  close(): Promise<void>;
}

/**
 * A TCP proxy on a free loopback port to `targetPort` on 127.0.0.1 (PostgreSQL, say), that can stop forwarding: a
 * process talking through it is left waiting in the middle of a request, to be killed there.
 */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let holding = false;
  const kept: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.on('data', (chunk: Buffer) => {
      if (holding) kept.push(chunk.toString('latin1'));
      else upstream.write(chunk);
    });
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: (server.address() as { port: number }).port,
    hold: () => {
      holding = true;
    },
    held: () => [...kept],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
