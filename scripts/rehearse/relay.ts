// A TCP relay between one provider and the backend's Firestore port, on 127.0.0.1: it pipes bytes
// both ways and can play a Wi-Fi drop-out: cut every open connection at once, refuse new ones for
// a while, then let them through again after a delay (a phone rejoining the network), and so back
// to normal. Each provider has its own relay, so each has its own connection, as a phone would.

import net from 'node:net';

export interface Relay {
  port: number;
  /** Cuts every connection and refuses new ones for `outageMs`; then new ones wait `rejoinMs` before connecting. */
  cut(outageMs: number, rejoinMs: number): void;
  /** Ends an outage now. */
  restore(): void;
  /** True while connections are refused. */
  readonly down: boolean;
  /** What went through the relay: connections accepted, refused and open, and when bytes last passed each way. */
  describe(): string;
  close(): Promise<void>;
}

export async function startRelay(target: { host: string; port: number }): Promise<Relay> {
  const sockets = new Set<net.Socket>();
  let refuseUntil = 0;
  let delayUntil = 0;
  let delayMs = 0;
  const traffic = { accepted: 0, refused: 0, lastUp: 0, lastDown: 0, lastCut: 0 };

  const server = net.createServer((client) => {
    const now = Date.now();
    if (now < refuseUntil) {
      traffic.refused += 1;
      client.destroy();
      return;
    }
    traffic.accepted += 1;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const connect = () => {
      if (client.destroyed) return;
      const upstream = net.connect(target.port, target.host);
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      upstream.on('data', () => (traffic.lastDown = Date.now()));
      // Listened to only once piped: a 'data' listener before would let the bytes buffered meanwhile go unpiped.
      client.on('data', () => (traffic.lastUp = Date.now()));
    };
    if (now < delayUntil) setTimeout(connect, delayMs);
    else connect();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    port: (server.address() as net.AddressInfo).port,
    cut(outageMs, rejoinMs) {
      refuseUntil = Date.now() + outageMs;
      delayUntil = refuseUntil + rejoinMs * 2;
      delayMs = rejoinMs;
      traffic.lastCut = Date.now();
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      refuseUntil = 0;
      delayUntil = 0;
    },
    get down() {
      return Date.now() < refuseUntil;
    },
    describe() {
      const ago = (at: number) => (at === 0 ? 'never' : `${Math.round((Date.now() - at) / 1000)} s ago`);
      return (
        `relay: ${traffic.accepted} connections accepted, ${traffic.refused} refused, ${sockets.size} sockets open; ` +
        `last cut ${ago(traffic.lastCut)}, bytes last sent ${ago(traffic.lastUp)}, last received ${ago(traffic.lastDown)}`
      );
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
