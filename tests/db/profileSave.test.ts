// A provider's profile saved as a first-time visitor's Save does it (src/db/profileSave.ts), with
// the real SDKs against the local backend: one commit through Firestore Lite stores exactly the
// profile's fields under the anonymous uid, the full SDK reads it back, and a live queue that
// listens meanwhile keeps following.

import { describe, expect, it } from 'vitest';
import type { Event } from '../../src/types/event';
import { eventually, follow, pointAppAtEmulators, storeEvent, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-profile-save');
const { followSharedEvent } = await import('../../src/db/sharedEvent');
const { saveProviderProfile } = await import('../../src/db/profileSave');
const { getProviderProfile } = await import('../../src/db/providers');
const adminDb = useAdminDb(projectId);

describe('saveProviderProfile', () => {
  it('stores the trimmed profile under the signed-in uid, which the full SDK reads back', async () => {
    const saved = await saveProviderProfile({
      first_name: ' Ines ',
      last_name: 'Moreau',
      email: 'ines.moreau@example.com ',
      company: 'Clinique Nord',
      phone: '',
      terms_accepted: true,
    });
    const stored = await adminDb().doc(`providers/${saved.user_id}`).get();
    expect(stored.data()).toEqual({
      first_name: 'Ines',
      last_name: 'Moreau',
      email: 'ines.moreau@example.com',
      company: 'Clinique Nord',
      phone: '',
      terms_accepted: true,
    });
    expect(await getProviderProfile()).toEqual(saved);
  });

  it('leaves a live queue following every change', async () => {
    await storeEvent(adminDb(), 'live', { open: true, presenterIndex: 0 });
    const queue = follow<Event | null>((callback, onError) => followSharedEvent(callback, onError));
    await eventually(() => expect(queue.latest()?.presenterIndex).toBe(0));
    await saveProviderProfile({
      first_name: 'Sam',
      last_name: 'Rivera',
      email: 'sam@example.com',
      company: 'Venue Wi-Fi Ltd',
      phone: '',
      terms_accepted: true,
    });
    await adminDb().doc('events/live').update({ presenter_index: 1 });
    await eventually(() => expect(queue.latest()?.presenterIndex).toBe(1));
    expect(queue.errors).toEqual([]);
    queue.stop();
  });
});
