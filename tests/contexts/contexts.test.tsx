// @vitest-environment happy-dom
// The user and presenters contexts with the real firebase SDK against the local backend: the
// current user comes from the stored profile plus the anonymous uid, and the live queue follows
// the event document as an admin changes it.

import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pointAppAtEmulators, storedEvent, useAdminDb } from '../db/appDb';
import { storedGrace } from '../support/fixtures';

const projectId = await pointAppAtEmulators('contexts');
const { UserProvider, useUser } = await import('../../src/contexts/UserContext');
const { PresentersProvider, usePresenters } = await import('../../src/contexts/PresentersContext');
const { ensureSignedIn } = await import('../../src/db/session');
const adminDb = useAdminDb(projectId);

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
});

const storedProfile = storedGrace('an-old-uid');

function CurrentUser() {
  const { user, uid } = useUser();
  return <p>{user ? `${user.first_name} ${user.email} ${user.user_id === uid ? 'same-uid' : 'other-uid'}` : 'no user'}</p>;
}

function Queue() {
  const { event, groups, live } = usePresenters();
  if (!event) return <p>no event</p>;
  return (
    <div>
      <h1>{event.title}</h1>
      <p>live: {live ? live.first_name : 'none'}</p>
      <p>up next: {groups.upNext.map((entry) => entry.first_name).join(', ')}</p>
      <p>finished: {groups.finished.map((entry) => entry.first_name).join(', ')}</p>
      <p>completed: {groups.completed.map((entry) => entry.first_name).join(', ')}</p>
    </div>
  );
}

describe('UserProvider', () => {
  it('starts with no user when nothing is stored, without waiting for Auth', () => {
    render(
      <UserProvider>
        <CurrentUser />
      </UserProvider>,
    );
    expect(screen.getByText('no user')).toBeTruthy();
  });

  it("becomes the stored profile with the visitor's anonymous uid, stored under that uid too", async () => {
    localStorage.setItem('profile', JSON.stringify(storedProfile));
    render(
      <UserProvider>
        <CurrentUser />
      </UserProvider>,
    );
    expect(await screen.findByText('Grace grace@example.com same-uid', {}, { timeout: 10_000 })).toBeTruthy();
    const { uid } = await ensureSignedIn();
    expect(JSON.parse(localStorage.getItem('profile') ?? '{}')).toMatchObject({ user_id: uid });
    await waitFor(async () => expect((await adminDb().doc(`providers/${uid}`).get()).get('email')).toBe('grace@example.com'), {
      timeout: 8_000,
    });
  });

  it('saves the profile to providers/{uid} and the browser, and makes it the current user', async () => {
    let context: ReturnType<typeof useUser> | null = null;
    function Grab() {
      context = useUser();
      return <CurrentUser />;
    }
    render(
      <UserProvider>
        <Grab />
      </UserProvider>,
    );
    await screen.findByText('no user', {}, { timeout: 10_000 });
    const { user_id: _unused, ...profile } = storedProfile;
    let saved: Awaited<ReturnType<ReturnType<typeof useUser>['saveProfile']>> | undefined;
    await act(async () => {
      saved = await context!.saveProfile(profile);
    });
    expect(await screen.findByText('Grace grace@example.com same-uid')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('profile') ?? '{}')).toMatchObject({
      email: 'grace@example.com',
      user_id: saved!.user_id,
    });
    expect((await adminDb().doc(`providers/${saved!.user_id}`).get()).data()).toEqual(profile);
  });

  it('useUser() outside its provider throws a clear error', () => {
    expect(() => render(<CurrentUser />)).toThrow('useUser() must be used inside <UserProvider>.');
  });
});

function renderQueue() {
  render(
    <UserProvider>
      <PresentersProvider fallback={<p>loading event</p>}>
        <Queue />
      </PresentersProvider>
    </UserProvider>,
  );
}

describe('PresentersProvider', () => {
  it('follows the open event live: the queue moves when the admin moves on', async () => {
    await adminDb()
      .doc('events/ev1')
      .set(storedEvent({ open: true, presenterIndex: 0 }));
    localStorage.setItem('profile', JSON.stringify(storedProfile));
    renderQueue();
    expect(await screen.findByText('live: Ada', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('up next: Lin, Sam')).toBeTruthy();

    await adminDb().doc('events/ev1').update({ presenter_index: 1 });
    await waitFor(() => expect(screen.getByText('live: Lin')).toBeTruthy(), { timeout: 8_000 });
    expect(screen.getByText('finished: Ada')).toBeTruthy();
    expect(screen.getByText('up next: Sam')).toBeTruthy();
  });

  it("marks presenters the user has answered about Completed, from the saved answers and the browser's list", async () => {
    const { uid } = await ensureSignedIn();
    await adminDb()
      .doc('events/ev1')
      .set(storedEvent({ open: true, presenterIndex: 2 }));
    await adminDb().doc(`responses/${uid}_ev1_p-ada_q1`).set({
      event_id: 'ev1',
      presenter_id: 'p-ada',
      question_id: 'q1',
      provider_id: uid,
      type: 'stars',
      rating: 5,
      comment: null,
      response: null,
    });
    localStorage.setItem('profile', JSON.stringify(storedProfile));
    renderQueue();
    expect(await screen.findByText('completed: Ada', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('finished: Lin')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('presenters') ?? '{}')).toEqual({ ev1: ['p-ada'] });
  });

  it('reads the event once for a visitor with no profile, and follows it live once they have one', async () => {
    await adminDb()
      .doc('events/ev1')
      .set(storedEvent({ open: true, presenterIndex: 0 }));
    let context: ReturnType<typeof useUser> | null = null;
    function Grab() {
      context = useUser();
      return <Queue />;
    }
    render(
      <UserProvider>
        <PresentersProvider fallback={<p>loading event</p>}>
          <Grab />
        </PresentersProvider>
      </UserProvider>,
    );
    expect(await screen.findByText('live: Ada', {}, { timeout: 10_000 })).toBeTruthy();
    act(() => context!.setUser({ ...storedProfile, user_id: '' }));
    await adminDb().doc('events/ev1').update({ presenter_index: 1 });
    await waitFor(() => expect(screen.getByText('live: Lin')).toBeTruthy(), { timeout: 8_000 });
  });

  it('shows no event when there is none', async () => {
    renderQueue();
    expect(await screen.findByText('no event', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('usePresenters() outside its provider throws a clear error', () => {
    expect(() => render(<Queue />)).toThrow('usePresenters() must be used inside <PresentersProvider>.');
  });
});
