// The cells of the security matrix (securityMatrix.test.ts): for every Firestore collection and
// Storage path of the app, each operation and each forged write, the request an actor makes and
// which actors may make it. Who may comes from the spec's section 6 and DECISIONS.md (Identity and
// access) as firestore.rules and storage.rules implement them; the requests are the app's own.

import type { RulesTestContext } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import {
  adaFinalMatch,
  aliceProfile,
  answerId,
  PNG_1X1,
  starsAnswer,
  storedFeedback,
  storedNiaSignup,
  storedQuestion,
} from '../support/fixtures';
import { ADMIN, ALICE, BOB, USER } from './firestoreRulesEnv';
import { INVITE, listWhere, signUp, storedTime } from './requests';

/** The matrix's columns, in order. */
export const ACTORS = [
  'signedOut',
  'provider',
  'otherProvider',
  'presenter',
  'user',
  'admin',
  'linkedProvider',
  'linkedPresenter',
] as const;
export type ActorKey = (typeof ACTORS)[number];

export const ACTOR_LABELS: Record<ActorKey, string> = {
  signedOut: 'signed out',
  provider: 'provider',
  otherProvider: 'another provider',
  presenter: 'presenter',
  user: 'signed-in non-admin',
  admin: 'admin',
  linkedProvider: 'provider by e-mail link',
  linkedPresenter: 'presenter by e-mail link',
};

/**
 * The accounts a result e-mail's sign-in link opens (docs/email.md, "Sign-in links"): the same uid
 * as the anonymous account it was bound to, now with the address in the token. They may do exactly
 * what their anonymous twin may: no more (another presenter's feedback, a presenter's page from a
 * provider's link) and no less.
 */
export const LINKED_TWIN: Partial<Record<ActorKey, ActorKey>> = { linkedProvider: 'provider', linkedPresenter: 'presenter' };

/** Whether the product lets `actor` through `row`: listed, or its anonymous twin listed. */
export function isAllowed(row: Pick<MatrixRow, 'allowed'>, actor: ActorKey): boolean {
  const twin = LINKED_TWIN[actor];
  return row.allowed.includes(actor) || (twin !== undefined && row.allowed.includes(twin));
}

/** An e-mail link sign-in's token claims: Firebase reports it as the password provider, the address verified. */
const linkedToken = (email: string) => ({ firebase: { sign_in_provider: 'password' }, email, email_verified: true });

/** When Alice's rater marker says she rated (events/ev1/raters). */
const RATED_AT = '2030-05-01T11:30:00Z';

/** The presenter who signed up through an invite: their anonymous uid is their document id. */
const PRESENTER = 'p-nia';

/** A meeting of the presenter and the provider, as the server's booking stores it (functions/src/meetings/booking.ts). */
const meeting = (presenterId: string, providerId: string) => ({
  event_id: 'ev1',
  presenter_id: presenterId,
  provider_id: providerId,
  slot: 0,
  place: 'Table 1',
  status: 'requested',
  requested_by: 'provider',
  sequence: 0,
  updated_at: storedTime('2030-05-01T12:00:00Z'),
});
const OWN_MEETING = `ev1_${PRESENTER}_${ALICE}`;
const OTHER_MEETING = 'ev1_p-ada_v-zed';
const SLOT_HOLD = { event_id: 'ev1', meeting_id: OWN_MEETING };
const MEETING_PLACES = { event_id: 'ev1', presenters: { 'p-nia': 'Table 1' } };

/** A meeting request as a page writes it (functions/src/meetings/requests.ts answers it). */
const meetingRequest = (by: 'presenter' | 'provider' | 'admin', providerId: string, changes: Record<string, unknown> = {}) => ({
  event_id: 'ev1',
  presenter_id: PRESENTER,
  provider_id: providerId,
  action: 'request',
  slot: 0,
  by,
  requested_at: serverTimestamp(),
  ...changes,
});
/** A Schedule all the server has answered (functions/src/meetings/scheduleAll.ts). */
const SCHEDULED = {
  requested_at: storedTime('2030-05-01T12:00:00Z'),
  requested_by: ADMIN,
  state: 'done',
  placed: 4,
  unplaced: [],
  at: storedTime('2030-05-01T12:00:01Z'),
};
/** The request as an answer (accept, decline, cancel, met), which names no slot. */
const answerTo = (request: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(request).filter(([key]) => key !== 'slot'));

/** The uid each actor signs in with (none when signed out) and the claims of its token. */
export const ACTOR_IDENTITIES: Record<ActorKey, { uid: string; token: Record<string, unknown> } | null> = {
  signedOut: null,
  provider: { uid: ALICE, token: { firebase: { sign_in_provider: 'anonymous' } } },
  otherProvider: { uid: BOB, token: { firebase: { sign_in_provider: 'anonymous' } } },
  presenter: { uid: PRESENTER, token: { firebase: { sign_in_provider: 'anonymous' } } },
  user: { uid: USER, token: { firebase: { sign_in_provider: 'password' }, email: 'someone@example.edu' } },
  admin: { uid: ADMIN, token: { admin: true } },
  linkedProvider: { uid: ALICE, token: linkedToken('alice@example.com') },
  linkedPresenter: { uid: PRESENTER, token: linkedToken('nia@example.com') },
};

/** One actor's clients, made once and reused for every cell. */
export interface Actor {
  key: ActorKey;
  uid: string | null;
  db: Firestore;
  storage: ReturnType<RulesTestContext['storage']>;
}

/** Writes as the server would (rules bypassed), to seed data and to put back what a cell changed. */
export interface Backdoor {
  seed: (documents: Record<string, Record<string, unknown>>) => Promise<void>;
  remove: (...paths: string[]) => Promise<void>;
  putFile: (path: string, bytes: Uint8Array, contentType: string) => Promise<void>;
  removeFile: (path: string) => Promise<void>;
}

export interface MatrixRow {
  operation: string;
  /** Who the product lets through; every other actor is denied. */
  allowed: readonly ActorKey[];
  attempt: (actor: Actor) => Promise<unknown>;
  /** Sets up what the attempt needs, before each actor's try. */
  before?: (actor: Actor) => Promise<void>;
  /** Puts the data back: after a write that went through, and after every try of a row with `before`. */
  after?: (actor: Actor) => Promise<void>;
}

export interface MatrixGroup {
  /** The collection or Storage path. */
  target: string;
  /** Stored once before the group's rows (with what they point at). */
  documents?: Record<string, Record<string, unknown>>;
  files?: Record<string, { bytes: Uint8Array; contentType: string }>;
  rows: MatrixRow[];
}

const EVERYONE = ACTORS;
const SIGNED_IN: readonly ActorKey[] = ['provider', 'otherProvider', 'presenter', 'user', 'admin'];
const ADMIN_ONLY: readonly ActorKey[] = ['admin'];
const OWNER_AND_ADMIN: readonly ActorKey[] = ['provider', 'admin'];
const NOBODY: readonly ActorKey[] = [];

const CAROL = 'carol-uid';
const USED_INVITE = 'inv-used';
const ORIGIN = 'https://pitch.example.edu';
const AT = storedTime('2030-05-01T10:00:00Z');
const SIX_MB = 6 * 1024 * 1024;

const event = (changes: Record<string, unknown> = {}) => ({
  title: 'Med-Tech Pitch Session',
  description: 'Early-stage health innovators present for 3 minutes each.',
  location: 'Innovation Hub, Room 101',
  start_time: AT,
  number_of_rounds: 1,
  rounds: { round_1: [] },
  is_event_open: false,
  round_number: 1,
  presenter_index: -1,
  ...changes,
});

/** The live event, with the matching status the server reaction recorded. */
const storedEvent = event({
  rounds: {
    round_1: [
      { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' },
      { presenter_id: PRESENTER, first_name: 'Nia', last_name: 'Addo' },
    ],
  },
  is_event_open: true,
  presenter_index: 0,
  is_matching: false,
  is_emailing: false,
  matching_status: { state: 'done', at: AT, counts: { presenters: 2 } },
});

/** Presenter fields as the signup form stores them (the spec's section 5). */
const signup = (changes: Record<string, unknown> = {}) => ({
  ...storedNiaSignup(INVITE),
  first_name: 'Lin',
  last_name: 'Chen',
  email: 'lin@example.com',
  website: '',
  ...changes,
});

const nia = { ...storedNiaSignup(USED_INVITE), website: '' };
const ada = { first_name: 'Ada', last_name: 'Okafor', email: 'ada@example.com', company: 'PulseLoop', verified: true };
const storedInvite = {
  email: 'lin@example.com',
  created_by: ADMIN,
  created_at: AT,
  signup_url: `${ORIGIN}/signup?c=${INVITE}`,
};

/** An answer as the rating screen saves it (the spec's section 3, with event_id and the server's time). */
const answer = (provider: string, questionId: string, changes: Record<string, unknown> = {}) => ({
  ...starsAnswer(provider, { question_id: questionId, type: questionId === 'q1' ? 'stars' : 'rating' }),
  updated_at: serverTimestamp(),
  ...changes,
});

const storedAnswer = { ...answer(ALICE, 'q1', { comment: 'Strong team' }), updated_at: AT };

const finalMatch = adaFinalMatch('ev1', {
  provider_id: ALICE,
  provider_details: { first_name: 'Alice', last_name: 'Ng', email: 'alice@example.com', company: 'Acme' },
});

const emailSend = { event_id: 'ev1', role: 'provider', email: 'alice@example.com', state: 'sent', attempts: 1 };
/** An event's roster (domain/roster.ts): each presenter's company, for the public room display. */
/** The server's answer to a recipients review request, with the list only it may write. */
const emailReview = {
  requested_at: AT,
  requested_by: ADMIN,
  state: 'ready',
  review_id: 'review-1',
  at: AT,
  recipients: [{ role: 'provider', email: 'alice@example.com', first_name: 'Alice', last_name: 'Ng' }],
  left_out: [],
  raters: 1,
  presenters: 1,
  limit: 2,
};
const roster = { companies: { 'p-ada': 'PulseLoop', 'p-lin': 'Chen Diagnostics' } };
const meetingBoard = {
  event_id: 'ev1',
  meetings: [
    {
      slot: 0,
      place: 'Table 1',
      presenter: 'Ada Okafor',
      presenter_company: 'PulseLoop',
      provider: 'Bo Lind',
      provider_company: 'Nordic Care',
    },
  ],
};

const matchReasons = {
  event_id: 'ev1',
  presenter_id: 'p-ada',
  fallback: false,
  providers: [
    { provider_id: ALICE, score: 4, questions_answered: 1, reasons: [{ question_id: 'q1', title: 'Question 1', rating: 4 }] },
  ],
};

/** A presenter's feedback (domain/feedback.ts): one question shared, one with too few raters. */
const feedback = storedFeedback(PRESENTER);

const upload = (actor: Actor, path: string, bytes: Uint8Array, contentType: string) =>
  actor.storage
    .ref(path)
    .put(bytes, { contentType })
    .then(() => undefined);

/** Creating, updating and deleting a document of a collection that only admins write. */
function adminWrites(
  name: string,
  id: string,
  stored: Record<string, unknown>,
  created: Record<string, unknown>,
  backdoor: Backdoor,
) {
  const restore = () => backdoor.seed({ [`${name}/${id}`]: stored });
  return [
    {
      operation: 'create',
      allowed: ADMIN_ONLY,
      attempt: (a: Actor) => setDoc(doc(a.db, name, 'new-doc'), created),
      after: () => backdoor.remove(`${name}/new-doc`),
    },
    {
      operation: 'update',
      allowed: ADMIN_ONLY,
      attempt: (a: Actor) => updateDoc(doc(a.db, name, id), { changed: true }),
      after: restore,
    },
    { operation: 'delete', allowed: ADMIN_ONLY, attempt: (a: Actor) => deleteDoc(doc(a.db, name, id)), after: restore },
  ] satisfies MatrixRow[];
}

/** Every group of the matrix, in the order they run and print. */
export function matrixGroups(backdoor: Backdoor): MatrixGroup[] {
  const restoreEvent = () => backdoor.seed({ 'events/ev1': storedEvent });
  const restoreNia = () => backdoor.seed({ [`presenters/${PRESENTER}`]: nia });
  const restoreInvite = () => backdoor.seed({ [`invites/${INVITE}`]: storedInvite });
  const restoreProfile = () => backdoor.seed({ [`providers/${ALICE}`]: aliceProfile() });
  const restoreAnswer = () => backdoor.seed({ [`responses/${answerId(ALICE, 'q1')}`]: storedAnswer });

  /** Signs up through the open invite, under the actor's own uid. */
  const signUpAs = (a: Actor, data: Record<string, unknown>) => signUp(a.db, data, a.uid ?? 'p-visitor');
  const undoSignup = async (a: Actor) => {
    await (a.uid === PRESENTER ? restoreNia() : backdoor.remove(`presenters/${a.uid ?? 'p-visitor'}`));
    await restoreInvite();
  };
  /** A forged signup: the invite is the only credential and admins alone may set these fields. */
  const forgedSignup = (operation: string, changes: Record<string, unknown>, allowed: readonly ActorKey[]): MatrixRow => ({
    operation,
    allowed,
    attempt: (a) => signUpAs(a, signup(changes)),
    after: undoSignup,
  });

  /** ALICE's new answer to q2 (a rating question), with one field forged. */
  const forgedAnswer = (operation: string, changes: Record<string, unknown>): MatrixRow => ({
    operation,
    allowed: NOBODY,
    attempt: (a) => setDoc(doc(a.db, 'responses', answerId(ALICE, 'q2')), answer(ALICE, 'q2', changes)),
    after: () => backdoor.remove(`responses/${answerId(ALICE, 'q2')}`),
  });

  const logo = 'event_logos/ev1_normal.png';
  const stray = 'uploads/ev1_normal.png';

  return [
    {
      // Everyone follows the live event; only admins create, run, edit and delete events (the
      // spec's section 6); the matching and e-mailing status are the server reactions' alone.
      target: 'events',
      documents: { 'events/ev1': storedEvent },
      rows: [
        { operation: 'get', allowed: EVERYONE, attempt: (a) => getDoc(doc(a.db, 'events', 'ev1')) },
        listRow('events', EVERYONE),
        {
          operation: 'create',
          allowed: ADMIN_ONLY,
          attempt: (a) => setDoc(doc(a.db, 'events', 'ev-new'), event()),
          after: () => backdoor.remove('events/ev-new'),
        },
        {
          operation: 'update',
          allowed: ADMIN_ONLY,
          attempt: (a) => updateDoc(doc(a.db, 'events', 'ev1'), { presenter_index: 1 }),
          after: restoreEvent,
        },
        { operation: 'delete', allowed: ADMIN_ONLY, attempt: (a) => deleteDoc(doc(a.db, 'events', 'ev1')), after: restoreEvent },
        {
          operation: 'create with matching_status (the server’s)',
          allowed: NOBODY,
          attempt: (a) => setDoc(doc(a.db, 'events', 'ev-new'), event({ matching_status: { state: 'done', at: AT } })),
          after: () => backdoor.remove('events/ev-new'),
        },
        {
          operation: 'update matching_status (the server’s)',
          allowed: NOBODY,
          attempt: (a) => updateDoc(doc(a.db, 'events', 'ev1'), { matching_status: { state: 'running', at: AT } }),
          after: restoreEvent,
        },
        {
          operation: 'update emailing_status (the server’s)',
          allowed: NOBODY,
          attempt: (a) => updateDoc(doc(a.db, 'events', 'ev1'), { emailing_status: { state: 'done', at: AT } }),
          after: restoreEvent,
        },
        {
          operation: 'update the pitch timer (start the live presenter’s clock, pitch length)',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            updateDoc(doc(a.db, 'events', 'ev1'), {
              pitch_seconds: 240,
              timer: { presenter_id: 'p-ada', started_at: serverTimestamp(), paused_ms: 0, paused_at: null, resumed_at: null },
            }),
          after: restoreEvent,
        },
        {
          operation: 'update pitch_times (what the clock saw)',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            updateDoc(doc(a.db, 'events', 'ev1'), {
              'pitch_times.p-ada': {
                started_at: AT,
                ended_at: serverTimestamp(),
                paused_ms: 0,
                pitch_seconds: 180,
                question_seconds: 0,
              },
            }),
          after: restoreEvent,
        },
        {
          operation: 'update with a running count instead of the clock’s timestamps',
          allowed: NOBODY,
          attempt: (a) => updateDoc(doc(a.db, 'events', 'ev1'), { timer: { presenter_id: 'p-ada', seconds_left: 161 } }),
          after: restoreEvent,
        },
        {
          operation: 'update with a 5,001-character description',
          allowed: NOBODY,
          attempt: (a) => updateDoc(doc(a.db, 'events', 'ev1'), { description: 'd'.repeat(5001) }),
          after: restoreEvent,
        },
      ],
    },
    {
      // Everyone reads the questionnaire; admins maintain it.
      target: 'questions',
      documents: { 'questions/q1': storedQuestion(1, 'stars') },
      rows: [
        { operation: 'get', allowed: EVERYONE, attempt: (a) => getDoc(doc(a.db, 'questions', 'q1')) },
        listRow('questions', EVERYONE),
        ...adminWrites('questions', 'q1', storedQuestion(1, 'stars'), storedQuestion(3, 'stars'), backdoor),
      ],
    },
    {
      // Admins manage presenters; a presenter reads their own document (phone and e-mail stay with
      // them and admins, DECISIONS.md); signing up needs the invite and can set no admin field.
      target: 'presenters',
      documents: { 'presenters/p-ada': ada, [`presenters/${PRESENTER}`]: nia, [`invites/${INVITE}`]: storedInvite },
      rows: [
        {
          operation: 'get (their own document)',
          allowed: ['presenter', 'admin'],
          attempt: (a) => getDoc(doc(a.db, 'presenters', PRESENTER)),
        },
        { operation: 'get (another presenter’s)', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'presenters', 'p-ada')) },
        listRow('presenters', ADMIN_ONLY),
        {
          operation: 'create (the admin form, no invite)',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            setDoc(doc(a.db, 'presenters', 'p-new'), {
              first_name: 'Sam',
              last_name: 'Reyes',
              email: 'sam@example.com',
              verified: true,
            }),
          after: () => backdoor.remove('presenters/p-new'),
        },
        {
          // The invite link is the credential (the spec's section 6): whoever holds it may sign up
          // once; the presenter already has their document.
          operation: 'create by signing up with the invite',
          allowed: ['provider', 'otherProvider', 'user', 'admin'],
          attempt: (a) => signUpAs(a, signup()),
          after: undoSignup,
        },
        forgedSignup('sign up with verified: true', { verified: true }, ADMIN_ONLY),
        forgedSignup('sign up with favourites', { favourites: ['q1'] }, ADMIN_ONLY),
        forgedSignup('sign up with status Completed', { status: 'Completed' }, ADMIN_ONLY),
        forgedSignup('sign up with a 10,000-character first_name', { first_name: 'f'.repeat(10_000) }, NOBODY),
        ...updateAndDelete('presenters', PRESENTER, { company: 'New Co' }, ADMIN_ONLY, restoreNia),
      ],
    },
    {
      // Whoever holds an invite's id reads it (the signup link); only admins list, create, re-send
      // and revoke invites (DECISIONS.md); mail_status is the server's mail reaction's.
      target: 'invites',
      documents: { [`invites/${INVITE}`]: storedInvite, [`presenters/${PRESENTER}`]: nia },
      rows: [
        { operation: 'get', allowed: EVERYONE, attempt: (a) => getDoc(doc(a.db, 'invites', INVITE)) },
        listRow('invites', ADMIN_ONLY),
        {
          operation: 'create',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            setDoc(doc(a.db, 'invites', 'inv-new'), {
              email: 'sam@example.com',
              created_by: a.uid ?? ADMIN,
              created_at: serverTimestamp(),
              signup_url: `${ORIGIN}/signup?c=inv-new`,
            }),
          after: () => backdoor.remove('invites/inv-new'),
        },
        {
          operation: 'update (ask for the e-mail again)',
          allowed: ADMIN_ONLY,
          attempt: (a) => updateDoc(doc(a.db, 'invites', INVITE), { mail_requested_at: serverTimestamp() }),
          after: restoreInvite,
        },
        {
          operation: 'update mail_status (the server’s)',
          allowed: NOBODY,
          attempt: (a) => updateDoc(doc(a.db, 'invites', INVITE), { mail_status: { state: 'sent', at: AT } }),
          after: restoreInvite,
        },
        {
          operation: 'delete (without signing up)',
          allowed: ADMIN_ONLY,
          attempt: (a) => deleteDoc(doc(a.db, 'invites', INVITE)),
          after: restoreInvite,
        },
      ],
    },
    {
      // A provider reads and writes only their own profile; admins read all (DECISIONS.md). The
      // rules check what a provider stores, not what an admin stores.
      target: 'providers',
      documents: { [`providers/${ALICE}`]: aliceProfile() },
      rows: [
        { operation: 'get', allowed: OWNER_AND_ADMIN, attempt: (a) => getDoc(doc(a.db, 'providers', ALICE)) },
        listRow('providers', ADMIN_ONLY),
        {
          operation: 'create',
          allowed: OWNER_AND_ADMIN,
          attempt: (a) => setDoc(doc(a.db, 'providers', ALICE), aliceProfile()),
          before: () => backdoor.remove(`providers/${ALICE}`),
          after: restoreProfile,
        },
        ...updateAndDelete('providers', ALICE, { company: 'New Co' }, OWNER_AND_ADMIN, restoreProfile),
        {
          // Providers are anonymous users (DECISIONS.md): whoever is signed in may keep a profile of their own.
          operation: 'create their own profile (id = their uid)',
          allowed: SIGNED_IN,
          attempt: (a) => setDoc(doc(a.db, 'providers', a.uid ?? 'anyone'), aliceProfile()),
          before: (a) => backdoor.remove(`providers/${a.uid ?? 'anyone'}`),
          after: (a) => (a.uid === ALICE ? restoreProfile() : backdoor.remove(`providers/${a.uid ?? 'anyone'}`)),
        },
        {
          operation: 'update with an extra field admin: true',
          allowed: NOBODY,
          attempt: (a) => setDoc(doc(a.db, 'providers', ALICE), aliceProfile({ admin: true })),
          after: restoreProfile,
        },
        {
          operation: 'update with a 10,000-character first_name',
          allowed: NOBODY,
          attempt: (a) => setDoc(doc(a.db, 'providers', ALICE), aliceProfile({ first_name: 'f'.repeat(10_000) })),
          after: restoreProfile,
        },
      ],
    },
    {
      // A provider creates, reads and revises only their own answers, whole ratings of 1 to 5 and
      // comments of at most 1000 characters (the spec's sections 5 and 9); admins read all and
      // delete them with their event; nobody answers in another's name.
      target: 'responses',
      documents: {
        'events/ev1': storedEvent,
        'presenters/p-ada': ada,
        'questions/q1': storedQuestion(1, 'stars'),
        'questions/q2': storedQuestion(2, 'rating'),
        [`responses/${answerId(ALICE, 'q1')}`]: storedAnswer,
      },
      rows: [
        { operation: 'get', allowed: OWNER_AND_ADMIN, attempt: (a) => getDoc(doc(a.db, 'responses', answerId(ALICE, 'q1'))) },
        {
          operation: 'list (the provider’s own, as the app asks)',
          allowed: OWNER_AND_ADMIN,
          attempt: (a) => listWhere(a.db, 'responses', 'provider_id', ALICE),
        },
        { operation: 'list (every answer)', allowed: ADMIN_ONLY, attempt: (a) => getDocs(collection(a.db, 'responses')) },
        {
          operation: 'create',
          allowed: ['provider'],
          attempt: (a) => setDoc(doc(a.db, 'responses', answerId(ALICE, 'q2')), answer(ALICE, 'q2')),
          after: () => backdoor.remove(`responses/${answerId(ALICE, 'q2')}`),
        },
        {
          operation: 'update',
          allowed: ['provider'],
          attempt: (a) => setDoc(doc(a.db, 'responses', answerId(ALICE, 'q1')), answer(ALICE, 'q1', { rating: 5 })),
          after: restoreAnswer,
        },
        {
          operation: 'delete',
          allowed: ADMIN_ONLY,
          attempt: (a) => deleteDoc(doc(a.db, 'responses', answerId(ALICE, 'q1'))),
          after: restoreAnswer,
        },
        {
          // Whoever is signed in rates as a provider of their own (DECISIONS.md: providers are anonymous users).
          operation: 'create their own answer (provider_id = their uid)',
          allowed: SIGNED_IN,
          attempt: (a) => setDoc(doc(a.db, 'responses', answerId(a.uid ?? 'anyone', 'q2')), answer(a.uid ?? 'anyone', 'q2')),
          after: (a) => backdoor.remove(`responses/${answerId(a.uid ?? 'anyone', 'q2')}`),
        },
        {
          operation: 'create with another provider’s provider_id',
          allowed: NOBODY,
          attempt: (a) => setDoc(doc(a.db, 'responses', answerId(CAROL, 'q2')), answer(CAROL, 'q2')),
          after: () => backdoor.remove(`responses/${answerId(CAROL, 'q2')}`),
        },
        forgedAnswer('create with rating 0', { rating: 0 }),
        forgedAnswer('create with rating 6', { rating: 6 }),
        forgedAnswer('create with rating 3.5', { rating: 3.5 }),
        forgedAnswer("create with rating '5'", { rating: '5' }),
        forgedAnswer('create with a 1,001-character comment', { comment: 'c'.repeat(1001) }),
      ],
    },
    {
      // The session results need a signed-in user (the spec's section 6) and carry the matched
      // people's e-mails by design (DECISIONS.md); only the matching reaction (or an admin) writes them.
      target: 'final_matches',
      documents: { 'final_matches/m1': finalMatch },
      rows: [
        { operation: 'get', allowed: SIGNED_IN, attempt: (a) => getDoc(doc(a.db, 'final_matches', 'm1')) },
        {
          operation: 'list',
          allowed: SIGNED_IN,
          attempt: (a) => listWhere(a.db, 'final_matches', 'event_id', 'ev1'),
        },
        ...adminWrites('final_matches', 'm1', finalMatch, { ...finalMatch, presenter_id: 'p-lin' }, backdoor),
      ],
    },
    {
      // The result e-mails' record (participants' addresses): admins read it, only the server writes it.
      target: 'email_sends',
      documents: { 'email_sends/s1': emailSend },
      rows: serverRecords('email_sends', 's1', emailSend, NOBODY, backdoor),
    },
    {
      // The recipients review before result e-mails (participants' addresses): an admin asks for
      // it and confirms the server's answer; the list itself is the server's alone.
      target: 'email_reviews',
      documents: { 'events/ev1': storedEvent, 'email_reviews/ev1': emailReview },
      rows: [
        { operation: 'get', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'email_reviews', 'ev1')) },
        listRow('email_reviews', ADMIN_ONLY),
        {
          operation: 'ask for a review (the server’s time, their uid)',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            setDoc(doc(a.db, 'email_reviews', 'ev1'), { requested_at: serverTimestamp(), requested_by: a.uid ?? 'anyone' }),
          after: () => backdoor.seed({ 'email_reviews/ev1': emailReview }),
        },
        {
          operation: 'ask for the first review of an event',
          allowed: ADMIN_ONLY,
          before: () => backdoor.remove('email_reviews/ev1'),
          attempt: (a) =>
            setDoc(doc(a.db, 'email_reviews', 'ev1'), { requested_at: serverTimestamp(), requested_by: a.uid ?? 'anyone' }),
          after: () => backdoor.seed({ 'email_reviews/ev1': emailReview }),
        },
        {
          operation: 'forge a ready list with a recipient of their own',
          allowed: NOBODY,
          attempt: (a) =>
            updateDoc(doc(a.db, 'email_reviews', 'ev1'), {
              recipients: [{ role: 'provider', email: 'stranger@example.com', first_name: 'S', last_name: 'T' }],
            }),
          after: () => backdoor.seed({ 'email_reviews/ev1': emailReview }),
        },
        {
          operation: 'confirm the answer, leaving an address out',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            updateDoc(doc(a.db, 'email_reviews', 'ev1'), {
              confirmed: {
                review_id: 'review-1',
                excluded: [{ role: 'provider', email: 'alice@example.com' }],
                at: serverTimestamp(),
                by: a.uid ?? 'anyone',
              },
            }),
          after: () => backdoor.seed({ 'email_reviews/ev1': emailReview }),
        },
        {
          operation: 'confirm an answer that is not the stored one',
          allowed: NOBODY,
          attempt: (a) =>
            updateDoc(doc(a.db, 'email_reviews', 'ev1'), {
              confirmed: { review_id: 'review-0', excluded: [], at: serverTimestamp(), by: a.uid ?? 'anyone' },
            }),
          after: () => backdoor.seed({ 'email_reviews/ev1': emailReview }),
        },
        {
          operation: 'delete',
          allowed: ADMIN_ONLY,
          attempt: (a) => deleteDoc(doc(a.db, 'email_reviews', 'ev1')),
          after: () => backdoor.seed({ 'email_reviews/ev1': emailReview }),
        },
      ],
    },
    {
      // Fresh sign-in links: any signed-in visitor asks, naming an address and a page of the app;
      // the server answers. The requests name addresses: admins alone read them.
      target: 'sign_in_link_requests',
      documents: { 'sign_in_link_requests/r1': { email: 'nia@example.com', page: '/results', requested_at: AT, state: 'sent' } },
      rows: [
        { operation: 'get', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'sign_in_link_requests', 'r1')) },
        listRow('sign_in_link_requests', ADMIN_ONLY),
        {
          operation: 'ask for a fresh link to /feedback/{eventId}',
          allowed: SIGNED_IN,
          attempt: (a) =>
            setDoc(doc(a.db, 'sign_in_link_requests', `r-${a.key}`), {
              email: 'nia@example.com',
              page: '/feedback/ev1',
              requested_at: serverTimestamp(),
            }),
          after: (a) => backdoor.remove(`sign_in_link_requests/r-${a.key}`),
        },
        {
          operation: 'ask for a link to a page outside the app',
          allowed: NOBODY,
          attempt: (a) =>
            setDoc(doc(a.db, 'sign_in_link_requests', `r-${a.key}`), {
              email: 'nia@example.com',
              page: 'https://elsewhere.example/',
              requested_at: serverTimestamp(),
            }),
          after: (a) => backdoor.remove(`sign_in_link_requests/r-${a.key}`),
        },
        {
          operation: 'forge the server’s state',
          allowed: NOBODY,
          attempt: (a) =>
            setDoc(doc(a.db, 'sign_in_link_requests', `r-${a.key}`), {
              email: 'nia@example.com',
              page: '/results',
              requested_at: serverTimestamp(),
              state: 'sent',
            }),
          after: (a) => backdoor.remove(`sign_in_link_requests/r-${a.key}`),
        },
        ...updateAndDelete('sign_in_link_requests', 'r1', { state: 'throttled' }, NOBODY, () =>
          backdoor.seed({
            'sign_in_link_requests/r1': { email: 'nia@example.com', page: '/results', requested_at: AT, state: 'sent' },
          }),
        ),
      ],
    },
    {
      // The server's once-a-minute record per address: admins read it, only the server writes it.
      target: 'sign_in_link_sends',
      documents: { 'sign_in_link_sends/k1': { sent_at: AT } },
      rows: serverRecords('sign_in_link_sends', 'k1', { sent_at: AT }, NOBODY, backdoor),
    },
    {
      // Meetings after matching: each read by its two people and admins only (one at a time, or
      // a query for their own); only the server's booking transaction writes them, and an admin
      // deletes them with their event.
      target: 'meetings',
      documents: {
        [`meetings/${OWN_MEETING}`]: meeting(PRESENTER, ALICE),
        [`meetings/${OTHER_MEETING}`]: meeting('p-ada', 'v-zed'),
      },
      rows: [
        {
          operation: 'get (their own: the presenter’s or the provider’s)',
          allowed: ['presenter', 'provider', 'admin'],
          attempt: (a) => getDoc(doc(a.db, 'meetings', OWN_MEETING)),
        },
        { operation: 'get (another pair’s)', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'meetings', OTHER_MEETING)) },
        listRow('meetings', ADMIN_ONLY),
        {
          operation: 'list their own as provider (provider_id = their uid)',
          allowed: ['provider', 'otherProvider', 'presenter', 'user', 'admin'],
          attempt: (a) => listWhere(a.db, 'meetings', 'provider_id', a.uid ?? 'anyone'),
        },
        {
          operation: 'list their own as presenter (presenter_id = their uid)',
          allowed: ['provider', 'otherProvider', 'presenter', 'user', 'admin'],
          attempt: (a) => listWhere(a.db, 'meetings', 'presenter_id', a.uid ?? 'anyone'),
        },
        {
          operation: 'request one themselves (write without the server)',
          allowed: NOBODY,
          attempt: (a) =>
            setDoc(doc(a.db, 'meetings', `ev1_${PRESENTER}_${a.uid ?? 'anyone'}`), meeting(PRESENTER, a.uid ?? 'anyone')),
          after: (a) => backdoor.remove(`meetings/ev1_${PRESENTER}_${a.uid ?? 'anyone'}`),
        },
        ...adminWrites('meetings', OWN_MEETING, meeting(PRESENTER, ALICE), meeting('p-ada', BOB), backdoor).map((row) => ({
          ...row,
          allowed: row.operation === 'delete' ? ADMIN_ONLY : NOBODY,
        })),
      ],
    },
    {
      // Who holds each slot: the server's record for its booking transaction, admins read and delete.
      target: 'meeting_slots',
      documents: { 'meeting_slots/ev1_0_p-p-nia': SLOT_HOLD },
      rows: [
        { operation: 'get', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'meeting_slots', 'ev1_0_p-p-nia')) },
        listRow('meeting_slots', ADMIN_ONLY),
        ...adminWrites('meeting_slots', 'ev1_0_p-p-nia', SLOT_HOLD, SLOT_HOLD, backdoor).map((row) => ({
          ...row,
          allowed: row.operation === 'delete' ? ADMIN_ONLY : NOBODY,
        })),
      ],
    },
    {
      // The place each presenter was given for the session: the server's record, admins read and delete.
      target: 'meeting_places',
      documents: { 'meeting_places/ev1': MEETING_PLACES },
      rows: [
        { operation: 'get', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'meeting_places', 'ev1')) },
        listRow('meeting_places', ADMIN_ONLY),
        ...adminWrites('meeting_places', 'ev1', MEETING_PLACES, { event_id: 'ev1', presenters: {} }, backdoor).map((row) => ({
          ...row,
          allowed: row.operation === 'delete' ? ADMIN_ONLY : NOBODY,
        })),
      ],
    },
    {
      // Meeting requests: a person asks, answers or cancels for their own side of a pair only (the
      // server checks the pair is matched and answers on the request); only an admin moves a
      // meeting (the grid); its author and admins read it; nobody changes one, and an admin deletes
      // it with its event.
      target: 'meeting_requests',
      documents: { 'meeting_requests/q1': { ...meetingRequest('provider', ALICE), requested_at: AT } },
      rows: [
        {
          operation: 'create for their own side (as the provider)',
          allowed: SIGNED_IN,
          attempt: (a) => setDoc(doc(a.db, 'meeting_requests', `q-${a.key}`), meetingRequest('provider', a.uid ?? 'anyone')),
          after: (a) => backdoor.remove(`meeting_requests/q-${a.key}`),
        },
        {
          operation: 'create as the presenter of the pair',
          allowed: ['presenter'],
          attempt: (a) =>
            setDoc(
              doc(a.db, 'meeting_requests', `q-${a.key}`),
              answerTo(meetingRequest('presenter', ALICE, { action: 'accept' })),
            ),
          after: (a) => backdoor.remove(`meeting_requests/q-${a.key}`),
        },
        {
          operation: 'create for someone else (Alice as the provider)',
          allowed: ['provider'],
          attempt: (a) => setDoc(doc(a.db, 'meeting_requests', `q-${a.key}`), meetingRequest('provider', ALICE)),
          after: (a) => backdoor.remove(`meeting_requests/q-${a.key}`),
        },
        {
          operation: 'move a meeting (as an admin)',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            setDoc(
              doc(a.db, 'meeting_requests', `q-${a.key}`),
              meetingRequest('admin', ALICE, { action: 'move', slot: 1, place: 'Table 2' }),
            ),
          after: (a) => backdoor.remove(`meeting_requests/q-${a.key}`),
        },
        {
          operation: 'move their own meeting (as the provider)',
          allowed: NOBODY,
          attempt: (a) =>
            setDoc(
              doc(a.db, 'meeting_requests', `q-${a.key}`),
              meetingRequest('provider', a.uid ?? 'anyone', { action: 'move', slot: 1, place: 'Table 2' }),
            ),
          after: (a) => backdoor.remove(`meeting_requests/q-${a.key}`),
        },
        {
          operation: 'forge the server’s answer',
          allowed: NOBODY,
          attempt: (a) =>
            setDoc(
              doc(a.db, 'meeting_requests', `q-${a.key}`),
              meetingRequest('provider', a.uid ?? 'anyone', { outcome: { state: 'done', message: 'Booked' } }),
            ),
          after: (a) => backdoor.remove(`meeting_requests/q-${a.key}`),
        },
        { operation: 'get (Alice’s)', allowed: OWNER_AND_ADMIN, attempt: (a) => getDoc(doc(a.db, 'meeting_requests', 'q1')) },
        listRow('meeting_requests', ADMIN_ONLY),
        {
          operation: 'update',
          allowed: NOBODY,
          attempt: (a) => updateDoc(doc(a.db, 'meeting_requests', 'q1'), { slot: 1 }),
        },
        {
          operation: 'delete',
          allowed: ADMIN_ONLY,
          attempt: (a) => deleteDoc(doc(a.db, 'meeting_requests', 'q1')),
          after: () => backdoor.seed({ 'meeting_requests/q1': { ...meetingRequest('provider', ALICE), requested_at: AT } }),
        },
      ],
    },
    {
      // The admin's Schedule all: an admin asks (their uid, the server's time); only the server
      // answers, and only admins read the answer (it names the pairs left out).
      target: 'meeting_schedules',
      documents: { 'events/ev1': storedEvent, 'meeting_schedules/ev1': SCHEDULED },
      rows: [
        { operation: 'get', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'meeting_schedules', 'ev1')) },
        listRow('meeting_schedules', ADMIN_ONLY),
        {
          operation: 'ask for Schedule all (the server’s time, their uid)',
          allowed: ADMIN_ONLY,
          attempt: (a) =>
            setDoc(doc(a.db, 'meeting_schedules', 'ev1'), { requested_at: serverTimestamp(), requested_by: a.uid ?? 'anyone' }),
          after: () => backdoor.seed({ 'meeting_schedules/ev1': SCHEDULED }),
        },
        {
          operation: 'ask for an event that does not exist',
          allowed: NOBODY,
          attempt: (a) =>
            setDoc(doc(a.db, 'meeting_schedules', 'ev-none'), {
              requested_at: serverTimestamp(),
              requested_by: a.uid ?? 'anyone',
            }),
          after: () => backdoor.remove('meeting_schedules/ev-none'),
        },
        {
          operation: 'forge the server’s answer',
          allowed: NOBODY,
          attempt: (a) => updateDoc(doc(a.db, 'meeting_schedules', 'ev1'), { placed: 99 }),
          after: () => backdoor.seed({ 'meeting_schedules/ev1': SCHEDULED }),
        },
        {
          operation: 'delete',
          allowed: ADMIN_ONLY,
          attempt: (a) => deleteDoc(doc(a.db, 'meeting_schedules', 'ev1')),
          after: () => backdoor.seed({ 'meeting_schedules/ev1': SCHEDULED }),
        },
      ],
    },
    {
      // Why each match was made: how each provider rated the presenter, private as answers are
      // (DECISIONS.md), so admins read it; only the matching reaction writes it, and an admin
      // deletes it only with its event (as the event's answers and matches, DECISIONS.md).
      target: 'match_reasons',
      documents: { 'match_reasons/m1': matchReasons },
      rows: serverRecords('match_reasons', 'm1', matchReasons, ADMIN_ONLY, backdoor),
    },
    {
      // Feedback presenters take home: one presenter's ratings and comments without
      // authors. The presenter who signed up (id = uid) reads their own, admins read all (the
      // preview); only the matching reaction writes them, and an admin deletes them with their event.
      target: 'events/{eventId}/feedback',
      documents: {
        'events/ev1': storedEvent,
        [`events/ev1/feedback/${PRESENTER}`]: feedback,
        'events/ev1/feedback/p-ada': feedback,
      },
      rows: [
        {
          operation: 'get (the presenter’s own)',
          allowed: ['presenter', 'admin'],
          attempt: (a) => getDoc(doc(a.db, 'events', 'ev1', 'feedback', PRESENTER)),
        },
        {
          operation: 'get (another presenter’s)',
          allowed: ADMIN_ONLY,
          attempt: (a) => getDoc(doc(a.db, 'events', 'ev1', 'feedback', 'p-ada')),
        },
        { operation: 'list', allowed: ADMIN_ONLY, attempt: (a) => getDocs(collection(a.db, 'events', 'ev1', 'feedback')) },
        ...adminWrites(`events/ev1/feedback`, PRESENTER, feedback, { presenter_id: 'p-ada' }, backdoor).map((row) => ({
          ...row,
          allowed: row.operation === 'delete' ? ADMIN_ONLY : NOBODY,
        })),
        {
          operation: 'create their own (id = their uid)',
          allowed: NOBODY,
          attempt: (a) => setDoc(doc(a.db, 'events', 'ev1', 'feedback', a.uid ?? 'anyone'), feedback),
          after: (a) => backdoor.seed({ [`events/ev1/feedback/${a.uid ?? 'anyone'}`]: feedback }),
        },
      ],
    },
    {
      // Raters: a marker per provider who rated at an event, written with their
      // answers, so the dashboard counts raters without reading answers. Anyone signed in marks
      // only themselves (providers are anonymous users: the rules cannot tell them apart), with
      // the server's time and nothing else; admins read, count and delete them.
      target: 'events/{eventId}/raters',
      documents: { 'events/ev1': storedEvent, [`events/ev1/raters/${ALICE}`]: { rated_at: storedTime(RATED_AT) } },
      rows: [
        { operation: 'get', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, 'events', 'ev1', 'raters', ALICE)) },
        { operation: 'list', allowed: ADMIN_ONLY, attempt: (a) => getDocs(collection(a.db, 'events', 'ev1', 'raters')) },
        {
          operation: 'mark themselves (id = their uid)',
          allowed: SIGNED_IN,
          attempt: (a) => setDoc(doc(a.db, 'events', 'ev1', 'raters', a.uid ?? 'anyone'), { rated_at: serverTimestamp() }),
          after: (a) =>
            a.uid === ALICE
              ? backdoor.seed({ [`events/ev1/raters/${ALICE}`]: { rated_at: storedTime(RATED_AT) } })
              : backdoor.remove(`events/ev1/raters/${a.uid ?? 'anyone'}`),
        },
        {
          operation: 'mark the provider Alice',
          allowed: ['provider'],
          attempt: (a) => setDoc(doc(a.db, 'events', 'ev1', 'raters', ALICE), { rated_at: serverTimestamp() }),
          after: () => backdoor.seed({ [`events/ev1/raters/${ALICE}`]: { rated_at: storedTime(RATED_AT) } }),
        },
        {
          operation: 'mark themselves with another field',
          allowed: NOBODY,
          attempt: (a) =>
            setDoc(doc(a.db, 'events', 'ev1', 'raters', a.uid ?? 'anyone'), { rated_at: serverTimestamp(), score: 5 }),
          after: (a) =>
            a.uid === ALICE
              ? backdoor.seed({ [`events/ev1/raters/${ALICE}`]: { rated_at: storedTime(RATED_AT) } })
              : backdoor.remove(`events/ev1/raters/${a.uid ?? 'anyone'}`),
        },
        {
          operation: 'mark themselves at an event that does not exist',
          allowed: NOBODY,
          attempt: (a) => setDoc(doc(a.db, 'events', 'missing', 'raters', a.uid ?? 'anyone'), { rated_at: serverTimestamp() }),
          after: (a) => backdoor.remove(`events/missing/raters/${a.uid ?? 'anyone'}`),
        },
        {
          operation: 'delete',
          allowed: ADMIN_ONLY,
          attempt: (a) => deleteDoc(doc(a.db, 'events', 'ev1', 'raters', ALICE)),
          after: () => backdoor.seed({ [`events/ev1/raters/${ALICE}`]: { rated_at: storedTime(RATED_AT) } }),
        },
      ],
    },
    {
      // Rosters: each presenter's company for the room display, which anyone opens with the event
      // id, so everyone reads them as they read the event; only the server writes them (rebuilt
      // from the event and its presenters), so nobody can show a company a presenter does not have.
      target: 'rosters',
      documents: { 'rosters/ev1': roster },
      rows: [
        { operation: 'get', allowed: EVERYONE, attempt: (a) => getDoc(doc(a.db, 'rosters', 'ev1')) },
        listRow('rosters', EVERYONE),
        ...adminWrites('rosters', 'ev1', roster, { companies: { 'p-ada': 'Forged Ltd' } }, backdoor).map((row) => ({
          ...row,
          allowed: NOBODY,
        })),
      ],
    },
    {
      // Meeting boards: an event's confirmed meetings (names, companies, slot and place) for the
      // room display, which anyone opens with the event id; only the server writes them, so nobody
      // can put a meeting on the board that was not booked; an admin deleting the event deletes it.
      target: 'meeting_boards',
      documents: { 'meeting_boards/ev1': meetingBoard },
      rows: [
        { operation: 'get', allowed: EVERYONE, attempt: (a) => getDoc(doc(a.db, 'meeting_boards', 'ev1')) },
        listRow('meeting_boards', EVERYONE),
        ...adminWrites('meeting_boards', 'ev1', meetingBoard, { event_id: 'ev1', meetings: [] }, backdoor).map((row) => ({
          ...row,
          allowed: row.operation === 'delete' ? ADMIN_ONLY : NOBODY,
        })),
      ],
    },
    {
      // Event logos: everyone sees them; admins upload raster images under 5 MB under a logo's name
      // and delete them (the spec's section 3). Deleting an event deletes its logos (DECISIONS.md),
      // which the admin console finds by listing the folder: a list of event_logos/ is decided by
      // the rules of /event_logos/{fileName}, whose read includes list (Firebase's rules reference).
      target: 'event_logos/{eventId}_{normal|middle}.{ext}',
      files: { [logo]: { bytes: PNG_1X1, contentType: 'image/png' } },
      rows: [
        { operation: 'read', allowed: EVERYONE, attempt: (a) => a.storage.ref(logo).getMetadata() },
        { operation: 'list (the folder)', allowed: EVERYONE, attempt: (a) => a.storage.ref('event_logos').listAll() },
        ...fileWrites(logo, 'event_logos/ev2_middle.png', ADMIN_ONLY, backdoor),
        {
          operation: 'create a 6 MB logo',
          allowed: NOBODY,
          attempt: (a) => upload(a, 'event_logos/ev2_normal.png', new Uint8Array(SIX_MB), 'image/png'),
          after: () => backdoor.removeFile('event_logos/ev2_normal.png'),
        },
        {
          operation: 'create a logo of type text/html',
          allowed: NOBODY,
          attempt: (a) => upload(a, 'event_logos/ev2_normal.png', PNG_1X1, 'text/html'),
          after: () => backdoor.removeFile('event_logos/ev2_normal.png'),
        },
      ],
    },
    {
      // A path storage.rules does not name: closed to everyone.
      target: 'uploads/{file} (not in the rules)',
      files: { [stray]: { bytes: PNG_1X1, contentType: 'image/png' } },
      rows: [
        { operation: 'read', allowed: NOBODY, attempt: (a) => a.storage.ref(stray).getMetadata() },
        ...fileWrites(stray, 'uploads/ev2_normal.png', NOBODY, backdoor),
      ],
    },
  ];
}

/** Listing the whole collection `name`, allowed to `allowed`. */
function listRow(name: string, allowed: readonly ActorKey[]): MatrixRow {
  return { operation: 'list', allowed, attempt: (a) => getDocs(collection(a.db, name)) };
}

/** Changing the stored document `name/id` and deleting it, each allowed to `allowed`; `restore` puts it back. */
function updateAndDelete(
  name: string,
  id: string,
  changes: Record<string, unknown>,
  allowed: readonly ActorKey[],
  restore: () => Promise<void>,
): MatrixRow[] {
  return [
    { operation: 'update', allowed, attempt: (a) => updateDoc(doc(a.db, name, id), changes), after: restore },
    { operation: 'delete', allowed, attempt: (a) => deleteDoc(doc(a.db, name, id)), after: restore },
  ];
}

/** Uploading a new PNG at `created`, overwriting the stored `stored` and deleting it: each allowed to `allowed`. */
function fileWrites(stored: string, created: string, allowed: readonly ActorKey[], backdoor: Backdoor): MatrixRow[] {
  const restore = () => backdoor.putFile(stored, PNG_1X1, 'image/png');
  return [
    {
      operation: 'create (upload)',
      allowed,
      attempt: (a) => upload(a, created, PNG_1X1, 'image/png'),
      after: () => backdoor.removeFile(created),
    },
    { operation: 'update (overwrite)', allowed, attempt: (a) => upload(a, stored, PNG_1X1, 'image/png'), after: restore },
    { operation: 'delete', allowed, attempt: (a) => a.storage.ref(stored).delete(), after: restore },
  ];
}

/** A record only the server reactions write: admins read it, nobody creates or changes it, `deleters` delete it. */
function serverRecords(
  name: string,
  id: string,
  stored: Record<string, unknown>,
  deleters: readonly ActorKey[],
  backdoor: Backdoor,
): MatrixRow[] {
  return [
    { operation: 'get', allowed: ADMIN_ONLY, attempt: (a) => getDoc(doc(a.db, name, id)) },
    listRow(name, ADMIN_ONLY),
    ...adminWrites(name, id, stored, { event_id: 'ev1' }, backdoor).map((row) => ({
      ...row,
      allowed: row.operation === 'delete' ? deleters : NOBODY,
    })),
  ];
}

/** The matrix as a table: a row per target and operation, a column per actor, ✓ allowed, ✗ denied, ! where unexpected. */
export function formatMatrix(groups: MatrixGroup[], decisions: Map<string, Map<ActorKey, boolean>>): string {
  const header = ['collection / path · operation', ...ACTORS.map((key) => ACTOR_LABELS[key])];
  const lines = groups.flatMap((group) =>
    group.rows.map((row) => {
      const key = rowKey(group, row);
      const cells = ACTORS.map((actor) => {
        const allowed = decisions.get(key)?.get(actor);
        if (allowed === undefined) return '?';
        return (allowed ? '✓' : '✗') + (allowed === isAllowed(row, actor) ? '' : ' !');
      });
      return [key, ...cells];
    }),
  );
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)));
  const format = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  return [
    'Security matrix (✓ allowed, ✗ denied, ! not as expected, ? not tried)',
    format(header),
    format(widths.map((width) => '-'.repeat(width))),
    ...lines.map(format),
  ].join('\n');
}

export const rowKey = (group: MatrixGroup, row: MatrixRow): string => `${group.target} · ${row.operation}`;
