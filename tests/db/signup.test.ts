// Presenter signup's data layer with the real web SDK, signed in anonymously, against the local
// backend with firestore.rules in force: the invite read from the server, the batch that creates
// presenters/{uid} and deletes the invite, one presenter per invite, and a retried submit after a
// signup that went through (an answer lost on a weak connection) completing without a second one.

import { beforeEach, describe, expect, it } from 'vitest';
import { niaSignupFields, storedNiaSignup } from '../support/fixtures';
import { pointAppAtEmulators, useAdminDb } from './appDb';

const projectId = await pointAppAtEmulators('db-signup');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { completeSignup, getInvite, getMyPresenter } = await import('../../src/db/signup');
const adminDb = useAdminDb(projectId);

const INVITE = 'inv-nia';

const fields = niaSignupFields;

/** What the signup stores for `fields`. */
const storedSignup = storedNiaSignup(INVITE);

const presenterIds = async () => (await adminDb().collection('presenters').get()).docs.map((document) => document.id);
const inviteExists = async () => (await adminDb().doc(`invites/${INVITE}`).get()).exists;

/** A visitor on another device: a new anonymous user at the next call. */
const switchDevice = () => auth.signOut();

beforeEach(async () => {
  await switchDevice();
  await adminDb().doc(`invites/${INVITE}`).set({ email: 'nia@example.com' });
});

describe('getInvite', () => {
  it("gives the invite's e-mail", async () => {
    expect(await getInvite(INVITE)).toEqual({ email: 'nia@example.com' });
  });

  it('gives null for an invite that does not exist, or an id that cannot name one', async () => {
    expect(await getInvite('inv-made-up')).toBeNull();
    expect(await getInvite('invites/inv-nia')).toBeNull();
    expect(await getInvite('__reserved__')).toBeNull();
  });
});

describe('completeSignup', () => {
  it('creates presenters/{uid} with the fields, unverified and Up Next, and deletes the invite', async () => {
    expect(await getMyPresenter()).toBeNull();
    const presenter = await completeSignup(INVITE, fields);

    const uid = auth.currentUser?.uid;
    expect(auth.currentUser?.isAnonymous).toBe(true);
    expect(presenter).toEqual({ id: uid, ...storedSignup });
    expect((await adminDb().doc(`presenters/${uid}`).get()).data()).toEqual(storedSignup);
    expect(await inviteExists()).toBe(false);
    expect(await getMyPresenter()).toEqual(presenter);
  });

  it('completes a retried submit without an error and without a second presenter', async () => {
    const first = await completeSignup(INVITE, fields);
    const retried = await completeSignup(INVITE, fields);

    expect(retried).toEqual(first);
    expect(await presenterIds()).toEqual([first.id]);
  });

  it('makes no second presenter from a used invite on another device', async () => {
    const first = await completeSignup(INVITE, fields);
    await switchDevice();

    await expect(completeSignup(INVITE, { ...fields, first_name: 'Someone' })).rejects.toThrow();
    expect(auth.currentUser?.uid).not.toBe(first.id);
    expect(await getMyPresenter()).toBeNull();
    expect(await presenterIds()).toEqual([first.id]);
  });

  it("refuses another e-mail than the invite's and leaves the invite as it was", async () => {
    await expect(completeSignup(INVITE, { ...fields, email: 'someone.else@example.com' })).rejects.toThrow();
    expect(await presenterIds()).toEqual([]);
    expect(await inviteExists()).toBe(true);
  });

  it('fails for an invite withdrawn meanwhile', async () => {
    await adminDb().doc(`invites/${INVITE}`).delete();
    await expect(completeSignup(INVITE, fields)).rejects.toThrow();
    expect(await presenterIds()).toEqual([]);
  });
});
