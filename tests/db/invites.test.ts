// The invites' data layer with the real web SDK, signed in as an admin, against the local backend
// with firestore.rules in force: creating several in one batch (auto-ids, absolute signup links,
// creator and time), the live pending list newest first with the server's mail_status, asking for
// the e-mail, revoking, and a non-admin refused.

import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { Invite } from '../../src/lib/inviteList';
import { eventually, pointAppAtEmulators, useAdminDb, useSignedInAdmin } from './appDb';

const projectId = await pointAppAtEmulators('db-invites');
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { createInvites, requestInviteMail, revokeInvite, watchInvites } = await import('../../src/db/invites');
const { currentAdminUid } = await import('../../src/db/adminAuth');
const adminDb = useAdminDb(projectId);
const signedIn = useSignedInAdmin(projectId, auth);

const ORIGIN = 'https://pitch.example.edu';

const stored = async (path: string) => (await adminDb().doc(path).get()).data();

/** Follows the pending invites until the test ends; `latest()` is the last list received. */
function followInvites() {
  let latest: Invite[] | null = null;
  let failure: Error | null = null;
  const stop = watchInvites(
    (invites) => {
      latest = invites;
    },
    (error) => {
      failure = error;
    },
  );
  return {
    stop,
    latest: (): Invite[] => {
      if (failure) throw failure;
      if (!latest) throw new Error('No list yet.');
      return latest;
    },
  };
}

describe('createInvites', () => {
  it("stores one invite per address under an unguessable auto-id, with the admin's uid, the server's time and the absolute link", async () => {
    expect(currentAdminUid()).toBe(signedIn.account().uid);
    const before = Date.now();
    const ids = await createInvites([' nia@example.com ', 'Omar@Example.com'], signedIn.account().uid, ORIGIN);

    expect(ids).toHaveLength(2);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    const [nia, omar] = await Promise.all(ids.map((id) => stored(`invites/${id}`)));
    expect(nia).toEqual({
      email: 'nia@example.com',
      created_by: signedIn.account().uid,
      created_at: expect.any(Timestamp),
      signup_url: `${ORIGIN}/signup?c=${ids[0]}`,
    });
    expect((nia?.created_at as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5_000);
    expect(omar).toMatchObject({ email: 'Omar@Example.com', signup_url: `${ORIGIN}/signup?c=${ids[1]}` });
  });

  it('creates none when one of the batch is refused', async () => {
    await expect(createInvites(['nia@example.com', 'not-an-address'], signedIn.account().uid, ORIGIN)).rejects.toThrow();
    expect((await adminDb().collection('invites').get()).size).toBe(0);
  });
});

describe('watchInvites', () => {
  it("follows the pending invites newest first, with the server's mail status, and sees a deleted one leave", async () => {
    await adminDb()
      .doc('invites/inv-old')
      .set({
        email: 'old@example.com',
        created_by: signedIn.account().uid,
        created_at: Timestamp.fromDate(new Date('2020-01-01T09:00:00Z')),
        signup_url: `${ORIGIN}/signup?c=inv-old`,
      });
    await adminDb().doc('invites/inv-legacy').set({ email: 'legacy@example.com' });
    const follow = followInvites();
    try {
      await eventually(() =>
        expect(follow.latest().map((invite) => invite.email)).toEqual(['old@example.com', 'legacy@example.com']),
      );
      const [id] = await createInvites(['new@example.com'], signedIn.account().uid, ORIGIN);
      await eventually(() =>
        expect(follow.latest().map((invite) => invite.email)).toEqual([
          'new@example.com',
          'old@example.com',
          'legacy@example.com',
        ]),
      );
      expect(follow.latest()[0]).toMatchObject({
        id,
        createdBy: signedIn.account().uid,
        signupUrl: `${ORIGIN}/signup?c=${id}`,
        mailRequestedAt: null,
        mailStatus: null,
      });
      expect(follow.latest()[2]).toMatchObject({ id: 'inv-legacy', createdAt: null, signupUrl: '' });

      const requestAt = Timestamp.fromDate(new Date('2020-01-01T09:05:00Z'));
      await adminDb()
        .doc('invites/inv-old')
        .update({
          mail_requested_at: requestAt,
          mail_status: { state: 'failed', at: requestAt, request_at: requestAt, attempts: 3, reason: '550 No such user' },
        });
      await eventually(() =>
        expect(follow.latest()[1]).toMatchObject({
          mailRequestedAt: requestAt.toDate(),
          mailStatus: { state: 'failed', requestAt: requestAt.toDate(), attempts: 3, reason: '550 No such user' },
        }),
      );

      await adminDb().doc('invites/inv-legacy').delete();
      await eventually(() => expect(follow.latest().map((invite) => invite.id)).toEqual([id, 'inv-old']));
    } finally {
      follow.stop();
    }
  });
});

describe('requestInviteMail', () => {
  it("sets mail_requested_at to the server's time, a new one on each request, and leaves mail_status alone", async () => {
    const [id] = await createInvites(['nia@example.com'], signedIn.account().uid, ORIGIN);
    if (!id) throw new Error('No invite created.');
    await requestInviteMail(id);
    const first = (await stored(`invites/${id}`))?.mail_requested_at as Timestamp;
    expect(first).toBeInstanceOf(Timestamp);

    const status = { state: 'failed', at: first, request_at: first, attempts: 1, reason: 'Timeout' };
    await adminDb().doc(`invites/${id}`).update({ mail_status: status });
    await requestInviteMail(id);
    const after = await stored(`invites/${id}`);
    expect((after?.mail_requested_at as Timestamp).toMillis()).toBeGreaterThan(first.toMillis());
    expect(after?.mail_status).toEqual(status);
  });
});

describe('revokeInvite', () => {
  it('deletes the invite', async () => {
    const [id] = await createInvites(['nia@example.com'], signedIn.account().uid, ORIGIN);
    if (!id) throw new Error('No invite created.');
    await revokeInvite(id);
    expect(await stored(`invites/${id}`)).toBeUndefined();
  });
});

describe('a signed-in user who is not an admin', () => {
  it('can neither list, create, request nor revoke invites', async () => {
    await adminDb().doc('invites/inv-1').set({ email: 'nia@example.com' });
    const user = await signedIn.signInAsNewUser();
    try {
      await expect(createInvites(['omar@example.com'], user.uid, ORIGIN)).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(requestInviteMail('inv-1')).rejects.toMatchObject({ code: 'permission-denied' });
      await expect(revokeInvite('inv-1')).rejects.toMatchObject({ code: 'permission-denied' });
      const failure = await new Promise<Error>((resolve) => {
        const stop = watchInvites(
          () => undefined,
          (error) => {
            stop();
            resolve(error);
          },
        );
      });
      expect(failure).toMatchObject({ code: 'permission-denied' });
      expect(await stored('invites/inv-1')).toEqual({ email: 'nia@example.com' });
    } finally {
      await signedIn.signInAsAdmin();
    }
  });
});
