import net from 'node:net';

/** A free port on 127.0.0.1 that nothing listens on yet (the OS picks it, then it is released). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Starts forwarding `port` to `target` (host:port): a broker address that refused connections until now
 * "comes up". Clients only bootstrap through it; the metadata then points them at the real brokers.
 */
export async function forwardPort(port: number, target: string): Promise<{ close(): Promise<void> }> {
  const [host, targetPort] = target.split(':') as [string, string];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Sends `request` to 127.0.0.1:`port` as raw bytes (what fetch would refuse to send, such as a request target that is
 * not a URL) and answers the response's status line, or null when the connection closed without one.
 */
export function rawHttpRequest(port: number, request: string): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received === '' ? null : (received.split('\r\n')[0] ?? null)));
    socket.setTimeout(5_000, () => socket.destroy());
  });
}
