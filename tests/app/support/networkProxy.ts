// A TCP relay between the app and the local backend, standing in for the venue's Wi-Fi: tests
// can cut it off (connections hang, as on a dead network) and restore it.

import net from 'node:net';
import type { HostPort } from '../../support/emulators';

export interface NetworkProxy {
  address: HostPort;
  /** Lets new connections through again and drops the ones left hanging; a network that is up stays as it is. */
  restore(): void;
  /**
   * Drops open connections. New ones are then left hanging (a dead Wi-Fi), or with
   * `refuse` closed at once (no route to the server).
   */
  cutOff(options?: { refuse?: boolean }): void;
  close(): Promise<void>;
}

/** `unref`: the proxy does not keep the process running (one that lives as long as its process). */
export async function startNetworkProxy(target: HostPort, { unref = false } = {}): Promise<NetworkProxy> {
  let down = false;
  let refuse = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (down) {
      if (refuse) client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (unref) server.unref();
  const { port } = server.address() as net.AddressInfo;
  return {
    address: { host: '127.0.0.1', port },
    cutOff(options = {}) {
      down = true;
      refuse = options.refuse ?? false;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      if (!down) return;
      down = false;
      // Connections left hanging while down are dropped, so the client reconnects through us.
      for (const socket of sockets) socket.destroy();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
