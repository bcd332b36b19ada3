// Starting the full SDK ahead of a profile save (src/db/providers.ts' prepareProfileStore) while
// the queue already listens, with the real web SDK against the local backend: the live queue keeps
// following, through the anonymous sign-in's token change too. Asking the SDK to "enable" a
// network that is already enabled opens a second watch stream beside the first, whose
// acknowledgements the SDK then counts twice (its internal assertion ca9) and its listeners stop:
// the preparation must start the client without touching the network.

import { onLog } from 'firebase/app';
import { setLogLevel } from 'firebase/firestore';
import { describe, expect, it, vi } from 'vitest';
import type { Event } from '../../src/types/event';
import { eventually, follow, pointAppAtEmulators, storeEvent, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-profile-store');
const { followSharedEvent } = await import('../../src/db/sharedEvent');
const { prepareProfileStore } = await import('../../src/db/providers');
const { ensureSignedIn } = await import('../../src/db/session');
const adminDb = useAdminDb(projectId);

describe('prepareProfileStore while the queue is live', () => {
  it('leaves the live listener following every change, before and after the sign-in', async () => {
    await storeEvent(adminDb(), 'live', { open: true, presenterIndex: 0 });
    // The moment that matters: the listen's target has gone out and its acknowledgement has not
    // come back. The SDK's own log says when (its lines are kept out of the test's output).
    const internalErrors: string[] = [];
    let prepared = false;
    for (const method of ['log', 'debug', 'info', 'warn', 'error'] as const)
      vi.spyOn(console, method).mockImplementation(() => {});
    setLogLevel('debug');
    onLog(
      ({ level, message }) => {
        if (level === 'error') internalErrors.push(message);
        if (!prepared && /RPC 'Listen' stream \S+ sending:/.test(message) && message.includes('addTarget')) {
          prepared = true;
          void prepareProfileStore();
        }
      },
      { level: 'debug' },
    );
    try {
      const queue = follow<Event | null>((callback, onError) => followSharedEvent(callback, onError));
      await eventually(() => expect(prepared).toBe(true));
      await eventually(() => expect(queue.latest()?.presenterIndex).toBe(0));
      await prepareProfileStore();

      await adminDb().doc('events/live').update({ presenter_index: 1 });
      await eventually(() => expect(queue.latest()?.presenterIndex).toBe(1));

      await ensureSignedIn();
      void prepareProfileStore();
      await adminDb().doc('events/live').update({ presenter_index: 2 });
      await eventually(() => expect(queue.latest()?.presenterIndex).toBe(2));
      expect(queue.errors).toEqual([]);
      expect(internalErrors).toEqual([]);
      queue.stop();
    } finally {
      onLog(null);
      setLogLevel('error');
      vi.restoreAllMocks();
    }
  });
});
