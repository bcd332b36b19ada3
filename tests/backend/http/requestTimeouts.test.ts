// The Firestore port closes connections that send no complete request in time, as the Storage
// port does, while the long-lived exchanges it serves stay open: a WebChannel backchannel (a
// response that lasts) and a gRPC connection (HTTP/2, piped to the gRPC server).

import http2 from 'node:http2';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';
import { form, parseFrames, readUntil } from './support.js';

const DB = 'projects/demo-timeouts/databases/(default)';
const HEADERS_MS = 300;
const REQUEST_MS = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a raw connection, writes `sent`, and reports when (and with what) the server closes it. */
function rawConnection(
  port: number,
  sent: string,
  giveUpMs = 5_000,
): Promise<{ closedAfterMs: number | null; received: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ closedAfterMs: null, received });
    }, giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ closedAfterMs: Date.now() - started, received });
    });
    socket.on('connect', () => {
      if (sent) socket.write(sent);
    });
  });
}

describe('Firestore port request timeouts', () => {
  let backend: RunningBackend;

  beforeAll(async () => {
    backend = await startBackend({
      firestorePort: 0,
      storagePort: 0,
      requestTimeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS, checkIntervalMs: 50 },
      webChannel: { noopIntervalMs: 150, streamRotateMs: 60_000, idleSessionMs: 60_000 },
    });
  });
  afterAll(() => backend.close());

  it('closes a connection that sends nothing', async () => {
    const { closedAfterMs } = await rawConnection(backend.firestorePort, '');
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50);
  });

  it('closes a connection whose headers never end, answering 408', async () => {
    const { closedAfterMs, received } = await rawConnection(backend.firestorePort, 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    expect(closedAfterMs).not.toBeNull();
    expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never ends', async () => {
    const head = `POST /v1/${DB}/documents:commit HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\nContent-Length: 100\r\n\r\n{"writes":`;
    const { closedAfterMs } = await rawConnection(backend.firestorePort, head);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50);
  });

  it('keeps a streaming WebChannel backchannel open well past the request timeout, while a stalled request is cut', async () => {
    const stalled = rawConnection(backend.firestorePort, 'GET / HTTP/1.1\r\n');
    const base = `http://127.0.0.1:${backend.firestorePort}/google.firestore.v1.Firestore/Listen/channel`;
    const handshake = await fetch(`${base}?${new URLSearchParams({ VER: '8', database: DB, RID: '1', CVER: '22' })}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ headers: 'Authorization:Bearer owner\r\n', count: '0' }),
    });
    const [arrays] = parseFrames(await handshake.text()) as [unknown[][]];
    const sid = (arrays[0] as [number, [string, string]])[1][1];
    const backchannel = await fetch(
      `${base}?${new URLSearchParams({ VER: '8', database: DB, SID: sid, RID: 'rpc', AID: '0', CI: '0', TYPE: 'xmlhttp' })}`,
    );
    expect(backchannel.status).toBe(200);
    const started = Date.now();
    // Noops keep arriving for three request timeouts: the response is not cut short.
    const text = await readUntil(backchannel, () => Date.now() - started > 3 * REQUEST_MS, 5_000);
    expect(text.match(/"noop"/g)?.length ?? 0).toBeGreaterThanOrEqual(5);
    expect(backend.channelSessions()).toBe(1);
    expect((await stalled).closedAfterMs).toBeLessThan(3 * REQUEST_MS);
  });

  it('keeps an idle gRPC (HTTP/2) connection open past the request timeout, while a silent one is cut', async () => {
    const silent = rawConnection(backend.firestorePort, '');
    const session = http2.connect(`http://127.0.0.1:${backend.firestorePort}`);
    try {
      await new Promise<void>((resolve, reject) => {
        session.once('connect', () => resolve());
        session.once('error', reject);
      });
      await sleep(3 * REQUEST_MS);
      expect(session.closed || session.destroyed).toBe(false);
      const rtt = await new Promise<number>((resolve, reject) =>
        session.ping((err, duration) => (err ? reject(err) : resolve(duration))),
      );
      expect(rtt).toBeGreaterThanOrEqual(0);
      expect((await silent).closedAfterMs).toBeLessThan(3 * REQUEST_MS);
    } finally {
      session.destroy();
    }
  });
});
