// Abandoned WebChannel sessions release what they hold: the session, its listen registration in
// the engine and its queued arrays, whether the page went away before opening a backchannel or
// stopped reading one without closing its connection (a phone off the Wi-Fi).

import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../../backend/src/server.js';
import { form, parseFrames } from './support.js';

const DB = 'projects/demo-sessions/databases/(default)';
const OWNER = { identity: { admin: true, auth: null } };
const IDLE_MS = 300;

/** Polls until `check` holds, failing after `timeoutMs`. */
async function eventually(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Still not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Abandoned WebChannel sessions', () => {
  let backend: RunningBackend | undefined;
  afterEach(async () => {
    await backend?.close();
    backend = undefined;
  });

  /** The backend, with the engine's commit listeners (one per open Listen stream) counted. */
  async function start(webChannel: Parameters<typeof startBackend>[0]['webChannel']) {
    const running = await startBackend({ firestorePort: 0, storagePort: 0, webChannel });
    backend = running;
    let registrations = 0;
    const onCommit = running.engine.onCommit.bind(running.engine);
    running.engine.onCommit = (listener) => {
      registrations++;
      const unsubscribe = onCommit(listener);
      return () => {
        registrations--;
        unsubscribe();
      };
    };
    await running.engine.commit(
      DB,
      {
        writes: [1, 2, 3].map((n) => ({
          update: { name: `${DB}/documents/rooms/r${n}`, fields: { n: { integerValue: String(n) } } },
        })),
      },
      OWNER,
    );
    const channel = (query: Record<string, string>) =>
      `http://127.0.0.1:${running.firestorePort}/google.firestore.v1.Firestore/Listen/channel?${new URLSearchParams({ VER: '8', database: DB, ...query })}`;
    /** A Listen session on the rooms query, as the web SDK opens one; returns its SID. */
    const openSession = async (targetId: number): Promise<string> => {
      const addTarget = {
        targetId,
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'rooms' }] } },
      };
      const res = await fetch(channel({ RID: '1', CVER: '22' }), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form({
          headers: 'Authorization:Bearer owner\r\n',
          count: '1',
          ofs: '0',
          req0___data__: JSON.stringify({ database: DB, addTarget }),
        }),
      });
      const [arrays] = parseFrames(await res.text()) as [unknown[][]];
      return (arrays[0] as [number, [string, string]])[1][1];
    };
    return { running, channel, openSession, registrations: () => registrations };
  }

  it('300 sessions that never open a backchannel are reaped, and their listen registrations with them', async () => {
    // Long enough that no session is reaped while the 300 are still being opened on a busy machine.
    const idleSessionMs = 3_000;
    const { running, openSession, registrations } = await start({ idleSessionMs });
    for (let batch = 0; batch < 30; batch++) {
      await Promise.all(Array.from({ length: 10 }, (_, i) => openSession(batch * 10 + i + 2)));
    }
    expect(running.channelSessions()).toBe(300);
    expect(registrations()).toBe(300);

    // A commit while they wait queues arrays for every one of them.
    await running.engine.commit(DB, { writes: [{ update: { name: `${DB}/documents/rooms/r4`, fields: {} } }] }, OWNER);
    await eventually(() => running.channelSessions() === 0, 5 * idleSessionMs);
    expect(registrations()).toBe(0);
  });

  it('a session whose client stopped reading its streaming backchannel, connection still open, is released', async () => {
    const { running, channel, openSession, registrations } = await start({
      idleSessionMs: IDLE_MS,
      noopIntervalMs: 100,
      streamRotateMs: 400,
    });
    const sid = await openSession(2);
    // The backchannel GET on a raw connection that is then neither read nor closed.
    const url = new URL(channel({ SID: sid, RID: 'rpc', AID: '0', CI: '0', TYPE: 'xmlhttp' }));
    const socket = net.connect(Number(url.port), '127.0.0.1');
    socket.on('error', () => {});
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await new Promise<void>((resolve) => socket.once('data', () => resolve()));
      socket.pause();
      expect(running.channelSessions()).toBe(1);
      expect(registrations()).toBe(1);

      await eventually(() => running.channelSessions() === 0, 4_000);
      expect(registrations()).toBe(0);
      expect(socket.destroyed).toBe(false);
    } finally {
      socket.destroy();
    }
  });
});
