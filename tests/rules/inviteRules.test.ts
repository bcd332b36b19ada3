// firestore.rules, the invites' part: anyone may get one invite by its id (the signup link); only
// admins list and create them, with exactly the e-mail, who created it and when (the server's
// time) and its absolute signup link, and may change only mail_requested_at (never the server's
// mail_status); an admin revokes an invite, and the invited presenter deletes it in the batch that
// signs them up. Nested by actor and operation; every denial is tried, not only the allows.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { storedNiaSignup } from '../support/fixtures';
import { ADMIN, USER, useFirestoreRules } from './firestoreRulesEnv';
import { INVITE, listWhere, NEWCOMER, signUp, storedTime } from './requests';

const { anonymous, alice, user, visitor, admin, seed } = useFirestoreRules('rules-invite');

const NEW_INVITE = 'Xq3vT9kLmP2sR7wYz4Ab';
const ORIGIN = 'https://pitch.example.edu';

/** An invite as the server stores it after a sent e-mail. */
const storedInvite = {
  email: 'new@example.com',
  created_by: ADMIN,
  created_at: storedTime('2030-04-01T09:00:00Z'),
  signup_url: `${ORIGIN}/signup?c=${INVITE}`,
  mail_requested_at: storedTime('2030-04-01T09:01:00Z'),
  mail_status: {
    state: 'sent',
    at: storedTime('2030-04-01T09:01:05Z'),
    request_at: storedTime('2030-04-01T09:01:00Z'),
    attempts: 1,
    message_id: '<m1@example.edu>',
  },
};

/** What the admin's 'Invite Presenter' section writes for a new invite. */
const newInvite = (changes: Record<string, unknown> = {}, id = NEW_INVITE) => ({
  email: 'lin@example.com',
  created_by: ADMIN,
  created_at: serverTimestamp(),
  signup_url: `${ORIGIN}/signup?c=${id}`,
  ...changes,
});

const createInvite = (db: Firestore, data: Record<string, unknown>, id = NEW_INVITE) => setDoc(doc(db, 'invites', id), data);

/** Nia's presenter document, as /signup stores it for the invite's e-mail. */
const nia = { ...storedNiaSignup(INVITE), email: 'new@example.com' };

beforeEach(async () => {
  await seed({
    [`invites/${INVITE}`]: storedInvite,
    'invites/inv-legacy': { email: 'old@example.com' },
    'invites/inv-other': { ...storedInvite, email: 'other@example.com', signup_url: `${ORIGIN}/signup?c=inv-other` },
  });
});

describe('invites', () => {
  describe('an admin', () => {
    describe('get and list', () => {
      it('reads one invite and lists them all', async () => {
        await assertSucceeds(getDoc(doc(admin(), 'invites', INVITE)));
        await assertSucceeds(getDocs(collection(admin(), 'invites')));
      });
    });

    describe('create', () => {
      it('creates an invite with its e-mail, creator, time and signup link, and may ask for its e-mail at once', async () => {
        await assertSucceeds(createInvite(admin(), newInvite()));
        await assertSucceeds(createInvite(admin(), newInvite({ mail_requested_at: serverTimestamp() }, 'inv-2'), 'inv-2'));
      });

      it('creates several invites in one batch', async () => {
        const db = admin();
        const batch = writeBatch(db);
        for (const id of ['inv-a', 'inv-b', 'inv-c'])
          batch.set(doc(db, 'invites', id), newInvite({ email: `${id}@example.com` }, id));
        await assertSucceeds(batch.commit());
      });

      it('creates an invite with the longest e-mail and link allowed, on http too', async () => {
        const suffix = `/signup?c=${NEW_INVITE}`;
        await assertSucceeds(
          createInvite(
            admin(),
            newInvite({
              email: `${'e'.repeat(242)}@example.com`,
              signup_url: `https://${'h'.repeat(2048 - 8 - suffix.length)}${suffix}`,
            }),
          ),
        );
        await assertSucceeds(
          createInvite(admin(), newInvite({ signup_url: `http://127.0.0.1:5173/signup?c=inv-3` }, 'inv-3'), 'inv-3'),
        );
      });

      it('cannot leave out the e-mail, creator, time or link', async () => {
        for (const field of ['email', 'created_by', 'created_at', 'signup_url']) {
          const incomplete: Record<string, unknown> = newInvite();
          delete incomplete[field];
          await assertFails(createInvite(admin(), incomplete));
        }
      });

      it('cannot store a malformed, over-long or non-text e-mail', async () => {
        for (const email of ['', 'lin@example', 'lin.example.com', 'lin @example.com', `${'e'.repeat(243)}@example.com`, 42]) {
          await assertFails(createInvite(admin(), newInvite({ email })));
        }
      });

      it('cannot name another creator or another time than the server’s', async () => {
        await assertFails(createInvite(admin(), newInvite({ created_by: USER })));
        await assertFails(createInvite(admin(), newInvite({ created_at: storedTime('2030-01-01T00:00:00Z') })));
        await assertFails(createInvite(admin(), newInvite({ mail_requested_at: storedTime('2030-01-01T00:00:00Z') })));
      });

      it('cannot store a link to another invite, a relative, non-web, too short or over-long link', async () => {
        for (const signup_url of [
          `${ORIGIN}/signup?c=inv-other`,
          `${ORIGIN}/signup?c=${NEW_INVITE}x`,
          `/signup?c=${NEW_INVITE}`,
          `javascript:alert(1)//signup?c=${NEW_INVITE}`,
          `https://${'h'.repeat(2048)}/signup?c=${NEW_INVITE}`,
          'https://a',
          { url: `${ORIGIN}/signup?c=${NEW_INVITE}` },
        ]) {
          await assertFails(createInvite(admin(), newInvite({ signup_url })));
        }
      });

      it("cannot write the server's mail_status or any other field", async () => {
        await assertFails(createInvite(admin(), newInvite({ mail_status: storedInvite.mail_status })));
        await assertFails(createInvite(admin(), newInvite({ notes: 'hello' })));
      });
    });

    describe('update', () => {
      it("asks for the invite's e-mail (again), also on an invite stored with its e-mail only", async () => {
        await assertSucceeds(updateDoc(doc(admin(), 'invites', INVITE), { mail_requested_at: serverTimestamp() }));
        await assertSucceeds(updateDoc(doc(admin(), 'invites', 'inv-legacy'), { mail_requested_at: serverTimestamp() }));
      });

      it('cannot set the request to another time than the server’s', async () => {
        await assertFails(updateDoc(doc(admin(), 'invites', INVITE), { mail_requested_at: storedTime('2031-01-01T00:00:00Z') }));
      });

      it("cannot write or clear the server's mail_status", async () => {
        const ref = doc(admin(), 'invites', INVITE);
        await assertFails(updateDoc(ref, { mail_status: { ...storedInvite.mail_status, state: 'failed', reason: 'x' } }));
        await assertFails(updateDoc(ref, { mail_requested_at: serverTimestamp(), 'mail_status.state': 'sending' }));
        await assertFails(setDoc(ref, { ...storedInvite, mail_requested_at: serverTimestamp(), mail_status: null }));
      });

      it('cannot change the e-mail, creator, time or link', async () => {
        const ref = doc(admin(), 'invites', INVITE);
        await assertFails(updateDoc(ref, { email: 'nia@example.com' }));
        await assertFails(updateDoc(ref, { created_by: USER }));
        await assertFails(updateDoc(ref, { created_at: serverTimestamp() }));
        await assertFails(updateDoc(ref, { signup_url: `https://evil.example/signup?c=${INVITE}` }));
        await assertFails(updateDoc(ref, { notes: 'hello' }));
      });
    });

    describe('delete', () => {
      it('revokes an invite', async () => {
        await assertSucceeds(deleteDoc(doc(admin(), 'invites', INVITE)));
      });
    });
  });

  const nonAdmins = [
    ['a visitor without a sign-in', visitor],
    ['an anonymous user', alice],
    ['a signed-in user who is not an admin', user],
  ] as const;

  for (const [name, actor] of nonAdmins) {
    describe(name, () => {
      describe('get', () => {
        it('reads the one invite whose id they hold (the signup link)', async () => {
          await assertSucceeds(getDoc(doc(actor(), 'invites', INVITE)));
        });
      });

      describe('list', () => {
        it('cannot list invites, not even by e-mail', async () => {
          await assertFails(getDocs(collection(actor(), 'invites')));
          await assertFails(listWhere(actor(), 'invites', 'email', 'new@example.com'));
        });
      });

      describe('create', () => {
        it('cannot create an invite, even one that looks like an admin’s', async () => {
          await assertFails(createInvite(actor(), newInvite()));
          await assertFails(createInvite(actor(), newInvite({ created_by: USER })));
          await assertFails(createInvite(actor(), { email: 'me@example.com' }));
        });
      });

      describe('update', () => {
        it("cannot ask for the e-mail, write mail_status or change the invite's e-mail", async () => {
          const ref = doc(actor(), 'invites', INVITE);
          await assertFails(updateDoc(ref, { mail_requested_at: serverTimestamp() }));
          await assertFails(updateDoc(ref, { mail_status: { ...storedInvite.mail_status, state: 'failed' } }));
          await assertFails(updateDoc(ref, { email: 'me@example.com' }));
        });
      });

      describe('delete', () => {
        it('cannot delete an invite without signing up through it', async () => {
          await assertFails(deleteDoc(doc(actor(), 'invites', INVITE)));
        });
      });
    });
  }

  describe('the invited presenter signing up', () => {
    const newcomer = () => anonymous(NEWCOMER);

    it('deletes the invite in the batch that creates their presenter document', async () => {
      await assertSucceeds(signUp(newcomer(), nia));
    });

    it('cannot delete the invite on its own, before or after signing up', async () => {
      await assertFails(deleteDoc(doc(newcomer(), 'invites', INVITE)));
      await assertSucceeds(signUp(newcomer(), nia));
      await assertFails(deleteDoc(doc(newcomer(), 'invites', 'inv-other')));
    });

    it('cannot delete another invite than the one they sign up with', async () => {
      const db = newcomer();
      await assertFails(
        writeBatch(db)
          .set(doc(db, 'presenters', NEWCOMER), nia)
          .delete(doc(db, 'invites', INVITE))
          .delete(doc(db, 'invites', 'inv-other'))
          .commit(),
      );
    });

    it('cannot ask for the e-mail or change the invite', async () => {
      await assertFails(updateDoc(doc(newcomer(), 'invites', INVITE), { mail_requested_at: serverTimestamp() }));
    });
  });
});
