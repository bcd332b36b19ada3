// firestore.rules, the presenters' part: who reads presenter documents (phone and e-mail), who
// creates them, and the invited signup: one batch that creates the presenter with the presenter
// fields of the spec only (checked as a provider's profile is) and deletes the invite. Every
// denial is tried, not only the allows. Each test gets fresh clients and an empty database.

import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { niaSignupFields, overLongContactFields } from '../support/fixtures';
import { ALICE, useFirestoreRules } from './firestoreRulesEnv';
import { INVITE, NEWCOMER, signUp } from './requests';

const { anonymous, alice, visitor, user, admin, seed } = useFirestoreRules('rules-presenter');

/** What the signup form stores. */
const signup = (changes: Record<string, unknown> = {}) => ({
  ...niaSignupFields,
  first_name: 'Nia',
  email: 'new@example.com',
  terms_accepted: true,
  invite_id: INVITE,
  ...changes,
});

const newcomer = () => anonymous(NEWCOMER);

beforeEach(async () => {
  await seed({
    'presenters/p-ada': {
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@example.com',
      phone: '(555) 010-0001',
      verified: true,
    },
    [`invites/${INVITE}`]: { email: 'new@example.com' },
  });
});

describe('presenters', () => {
  describe('an invited newcomer (signing up)', () => {
    it('creates their presenter document and deletes the invite in one batch', async () => {
      await assertSucceeds(signUp(newcomer(), signup()));
      await assertSucceeds(getDoc(doc(newcomer(), 'presenters', NEWCOMER)));
    });

    it('may store every presenter field of the spec, empty or unset where optional', async () => {
      await assertSucceeds(
        signUp(
          newcomer(),
          signup({
            phone: null,
            website: null,
            profile_url: 'https://cdn.example.com/nia.jpg',
            linkedin_url: 'https://www.linkedin.com/in/nia-addo',
            favourites: [],
            verified: false,
            status: 'Up Next',
          }),
        ),
      );
    });

    it('signs up with the longest names, e-mail, company, phone and links allowed', async () => {
      const email = `${'e'.repeat(242)}@example.com`;
      await seed({ [`invites/${INVITE}`]: { email } });
      const longest = signup({
        first_name: 'f'.repeat(100),
        last_name: 'l'.repeat(100),
        email,
        company: 'c'.repeat(200),
        phone: '1'.repeat(20),
        website: 'w'.repeat(2048),
        profile_url: 'p'.repeat(2048),
        linkedin_url: 'k'.repeat(2048),
      });
      await assertSucceeds(signUp(newcomer(), longest));
    });

    it('cannot make themself an admin or give themself a role', async () => {
      await assertFails(signUp(newcomer(), signup({ admin: true })));
      await assertFails(signUp(newcomer(), signup({ role: 'admin' })));
    });

    it('cannot store a huge bio or any other field outside the spec', async () => {
      await assertFails(signUp(newcomer(), signup({ bio: 'b'.repeat(900 * 1024) })));
      await assertFails(signUp(newcomer(), signup({ notes: 'hello' })));
    });

    it('cannot store a map, a number or a list where text is expected', async () => {
      await assertFails(signUp(newcomer(), signup({ first_name: { first: 'Nia', admin: true } })));
      await assertFails(signUp(newcomer(), signup({ last_name: 42 })));
      await assertFails(signUp(newcomer(), signup({ company: ['CardioNest'] })));
      await assertFails(signUp(newcomer(), signup({ phone: 5550100042 })));
      await assertFails(signUp(newcomer(), signup({ website: { url: 'https://x.example.com' } })));
      await assertFails(signUp(newcomer(), signup({ terms_accepted: 'yes' })));
    });

    it('cannot store over-long fields', async () => {
      for (const changes of overLongContactFields) {
        await assertFails(signUp(newcomer(), signup(changes)));
      }
    });

    it("cannot store an over-long e-mail even when it is the invite's", async () => {
      const email = `${'e'.repeat(243)}@example.com`;
      await seed({ [`invites/${INVITE}`]: { email } });
      await assertFails(signUp(newcomer(), signup({ email })));
    });

    it("cannot store a malformed e-mail even when it is the invite's", async () => {
      await seed({ [`invites/${INVITE}`]: { email: 'new@example' } });
      await assertFails(signUp(newcomer(), signup({ email: 'new@example' })));
    });

    it('cannot leave out a required field, leave it empty, or refuse the terms', async () => {
      for (const field of ['first_name', 'last_name', 'email', 'company', 'terms_accepted', 'invite_id']) {
        const incomplete: Record<string, unknown> = signup();
        delete incomplete[field];
        await assertFails(signUp(newcomer(), incomplete));
      }
      await assertFails(signUp(newcomer(), signup({ first_name: '' })));
      await assertFails(signUp(newcomer(), signup({ last_name: '' })));
      await assertFails(signUp(newcomer(), signup({ company: '' })));
      await assertFails(signUp(newcomer(), signup({ terms_accepted: false })));
    });

    it('cannot name the invite with an empty, non-text or over-long id', async () => {
      for (const invite_id of ['', 42, 'i'.repeat(201)]) {
        await assertFails(signUp(newcomer(), signup({ invite_id })));
      }
    });

    it('cannot verify themself, pick favourites or mark themself Completed', async () => {
      await assertFails(signUp(newcomer(), signup({ verified: true })));
      await assertFails(signUp(newcomer(), signup({ favourites: ['q1'] })));
      await assertFails(signUp(newcomer(), signup({ status: 'Completed' })));
    });

    it("cannot sign up with another e-mail than the invite's", async () => {
      await assertFails(signUp(newcomer(), signup({ email: 'someone.else@example.com' })));
    });

    it('cannot sign up without deleting the invite, or with an invite that does not exist', async () => {
      const db = newcomer();
      await assertFails(
        writeBatch(db)
          .set(doc(db, 'presenters', NEWCOMER), signup())
          .commit(),
      );
      await assertFails(signUp(newcomer(), signup({ invite_id: 'inv-made-up' }), NEWCOMER, 'inv-made-up'));
    });

    it("cannot sign up with the invite's e-mail in other letter case", async () => {
      await assertFails(signUp(newcomer(), signup({ email: 'New@Example.com' })));
    });

    it('cannot reuse a consumed invite, neither themself nor another newcomer', async () => {
      await assertSucceeds(signUp(newcomer(), signup()));
      await assertFails(signUp(newcomer(), signup({ first_name: 'Again' })));
      await assertFails(signUp(anonymous('second-newcomer-uid'), signup()));
    });

    it('cannot create a second presenter from one invite, in the same batch or after', async () => {
      const db = newcomer();
      await assertFails(
        writeBatch(db)
          .set(doc(db, 'presenters', NEWCOMER), signup())
          .set(doc(db, 'presenters', 'second-newcomer-uid'), signup())
          .delete(doc(db, 'invites', INVITE))
          .commit(),
      );
      await assertSucceeds(signUp(newcomer(), signup()));
      const second = anonymous('second-newcomer-uid');
      await assertFails(setDoc(doc(second, 'presenters', 'second-newcomer-uid'), signup()));
    });

    it('cannot sign up under another uid', async () => {
      await assertFails(signUp(newcomer(), signup(), 'someone-else-uid'));
    });

    it('cannot change their document after signing up', async () => {
      await assertSucceeds(signUp(newcomer(), signup()));
      await assertFails(updateDoc(doc(newcomer(), 'presenters', NEWCOMER), { verified: true }));
      await assertFails(deleteDoc(doc(newcomer(), 'presenters', NEWCOMER)));
    });
  });

  describe('a provider', () => {
    it("cannot read a presenter's document (phone and e-mail) or list them", async () => {
      await assertFails(getDoc(doc(alice(), 'presenters', 'p-ada')));
      await assertFails(getDocs(collection(alice(), 'presenters')));
    });

    it('cannot create or change presenters without an invite', async () => {
      const db = alice();
      await assertFails(
        writeBatch(db)
          .set(doc(db, 'presenters', ALICE), signup({ email: 'alice@example.com', invite_id: 'inv-made-up' }))
          .commit(),
      );
      await assertFails(updateDoc(doc(db, 'presenters', 'p-ada'), { verified: false }));
    });
  });

  describe('a visitor without a sign-in', () => {
    it("cannot read a presenter's document or sign up", async () => {
      await assertFails(getDoc(doc(visitor(), 'presenters', 'p-ada')));
      await assertFails(signUp(visitor(), signup()));
    });
  });

  describe('the presenter themself', () => {
    it('reads their own document', async () => {
      await assertSucceeds(getDoc(doc(anonymous('p-ada'), 'presenters', 'p-ada')));
    });
  });

  describe('an admin', () => {
    it('reads every presenter and creates one with any field', async () => {
      const db = admin();
      await assertSucceeds(getDocs(collection(db, 'presenters')));
      await assertSucceeds(setDoc(doc(db, 'presenters', 'p-new'), { ...signup(), verified: true, favourites: ['q1'] }));
    });
  });
});

describe('invites', () => {
  describe('an invited newcomer', () => {
    it('reads the invite they hold', async () => {
      await assertSucceeds(getDoc(doc(newcomer(), 'invites', INVITE)));
    });

    it('cannot delete the invite without signing up', async () => {
      await assertFails(deleteDoc(doc(newcomer(), 'invites', INVITE)));
    });
  });

  describe('a provider', () => {
    it('cannot list invites', async () => {
      await assertFails(getDocs(collection(alice(), 'invites')));
    });
  });

  describe('a stranger', () => {
    it('cannot list invites, signed in without the admin claim or not signed in at all', async () => {
      await assertFails(getDocs(collection(user(), 'invites')));
      await assertFails(getDocs(collection(visitor(), 'invites')));
    });

    it('cannot delete an invite', async () => {
      await assertFails(deleteDoc(doc(user(), 'invites', INVITE)));
      await assertFails(deleteDoc(doc(visitor(), 'invites', INVITE)));
    });
  });
});
