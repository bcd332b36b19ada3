// firestore.rules, the events' part: everyone reads events; only admins create, run, edit and
// delete them, and each admin write must leave an event the screens can show (the spec's sections
// 3, 4 and 9): the fields of EventDocument only, rounds round_1..round_{number_of_rounds}, a
// current round and a live index inside them, and no matching or e-mailing status, which only the
// server reactions write. Every denial is tried, each invalid field on its own, next to the writes
// the Create Event form, the Edit Event dialog and the event control screen make.

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
import { addToRound, moveDown, moveUp, removeAt, resizeRounds } from '../../domain/rounds';
import type { PresenterEntry } from '../../domain/documents';
import { useFirestoreRules } from './firestoreRulesEnv';
import { listWhere, storedTime } from './requests';

const { alice, user, visitor, admin, seed } = useFirestoreRules('rules-event');

const entry = (id: string, first: string, last: string): PresenterEntry => ({
  presenter_id: id,
  first_name: first,
  last_name: last,
});
const ADA = entry('p-ada', 'Ada', 'Okafor');
const LIN = entry('p-lin', 'Lin', 'Chen');
const SAM = entry('p-sam', 'Sam', 'Reyes');
const KOFI = entry('p-kofi', 'Kofi', 'Mensah');
/** Round 1 of the stored event: three presenters. */
const ROUND_1 = [ADA, LIN, SAM];

/** What the Create Event form stores (the spec's section 7): closed, round 1, nobody live. */
const newEvent = (changes: Record<string, unknown> = {}) => ({
  title: 'Med-Tech Pitch Session',
  description: 'Early-stage health innovators present for 3 minutes each.',
  location: 'Innovation Hub, Room 101',
  start_time: storedTime('2030-05-01T11:15:00Z'),
  number_of_rounds: 2,
  rounds: { round_1: [], round_2: [] },
  is_event_open: false,
  round_number: 1,
  presenter_index: -1,
  ...changes,
});

/** An event as stored, with every field of EventDocument the admin client may write. */
const storedEvent = (changes: Record<string, unknown> = {}) => ({
  ...newEvent(),
  rounds: { round_1: ROUND_1, round_2: [KOFI] },
  is_matching: false,
  is_emailing: false,
  normalLogo: 'https://storage.example.com/event_logos/ev1_normal.png',
  middleLogo: null,
  developers: [{ name: 'Demo Developer', linkedin_url: 'https://www.linkedin.com/in/demo-developer' }],
  is_slider_open: false,
  min_match_score: 4,
  max_matches_per_presenter: 5,
  fair_scores: false,
  exclude_conflicts: true,
  ...changes,
});

/** What the server reactions record (never an admin client). */
const reactionStatus = { state: 'done', at: storedTime('2030-05-01T13:00:00Z'), counts: { presenters: 3 } };

/** The live presenter's clock as a control writes it: started at the write's server time. */
const clock = (changes: Record<string, unknown> = {}) => ({
  presenter_id: 'p-ada',
  started_at: serverTimestamp(),
  paused_ms: 0,
  paused_at: null,
  resumed_at: null,
  ...changes,
});
/** What the clock saw of one presenter. */
const pitchRecord = {
  started_at: storedTime('2030-05-01T11:20:00Z'),
  ended_at: storedTime('2030-05-01T11:23:12Z'),
  paused_ms: 0,
  pitch_seconds: 180,
  question_seconds: 0,
};

const createEvent = (db: Firestore, data: Record<string, unknown>, id = 'ev-new') => setDoc(doc(db, 'events', id), data);
const updateEvent = (db: Firestore, changes: Record<string, unknown>) => updateDoc(doc(db, 'events', 'ev1'), changes);

beforeEach(async () => {
  await seed({ 'events/ev1': storedEvent() });
});

describe('events', () => {
  for (const [name, actor] of [
    ['a visitor without a sign-in', visitor],
    ['an anonymous provider', alice],
    ['a signed-in user who is not an admin', user],
  ] as const) {
    describe(name, () => {
      it('reads one event and lists them (the live event is public)', async () => {
        await assertSucceeds(getDoc(doc(actor(), 'events', 'ev1')));
        await assertSucceeds(getDocs(collection(actor(), 'events')));
        await assertSucceeds(listWhere(actor(), 'events', 'is_event_open', true));
      });

      it('cannot create an event, even a valid one', async () => {
        await assertFails(createEvent(actor(), newEvent()));
      });

      it('cannot start, stop, move on or reorder an event', async () => {
        await assertFails(updateEvent(actor(), { is_event_open: true, presenter_index: 0 }));
        await assertFails(updateEvent(actor(), { presenter_index: 1 }));
        await assertFails(updateEvent(actor(), { round_number: 2 }));
        await assertFails(updateEvent(actor(), { 'rounds.round_1': moveDown(ROUND_1, 0) }));
        await assertFails(updateEvent(actor(), { is_matching: true }));
        await assertFails(updateEvent(actor(), { is_emailing: true }));
        await assertFails(updateEvent(actor(), { title: 'Hijacked' }));
      });

      it('cannot set, start, pause or record the pitch timer', async () => {
        await assertFails(updateEvent(actor(), { pitch_seconds: 600 }));
        await assertFails(updateEvent(actor(), { question_seconds: 60 }));
        await assertFails(updateEvent(actor(), { presenter_index: 1, timer: clock({ presenter_id: 'p-lin' }) }));
        await assertFails(updateEvent(actor(), { timer: null }));
        await assertFails(updateEvent(actor(), { 'timer.paused_at': serverTimestamp() }));
        await assertFails(updateEvent(actor(), { pitch_times: { 'p-ada': pitchRecord } }));
      });

      it('cannot delete an event', async () => {
        await assertFails(deleteDoc(doc(actor(), 'events', 'ev1')));
      });
    });
  }

  describe('an admin', () => {
    describe('create', () => {
      it('creates an event as the Create Event form does', async () => {
        await assertSucceeds(createEvent(admin(), newEvent()));
      });

      it('creates an event with its matching settings as booleans, never as anything else', async () => {
        await assertSucceeds(createEvent(admin(), newEvent({ fair_scores: true, exclude_conflicts: false }), 'ev-settings'));
        await assertFails(createEvent(admin(), newEvent({ fair_scores: 'yes' }), 'ev-text'));
        await assertFails(createEvent(admin(), newEvent({ exclude_conflicts: 0 }), 'ev-number'));
      });

      it('creates an event with every field it may write', async () => {
        await assertSucceeds(createEvent(admin(), storedEvent({ middleLogo: 'https://storage.example.com/m.png' })));
      });

      it('creates an event with one, two or three rounds, and without a start time', async () => {
        await assertSucceeds(createEvent(admin(), newEvent({ number_of_rounds: 1, rounds: { round_1: [] } }), 'ev-a'));
        await assertSucceeds(
          createEvent(admin(), newEvent({ number_of_rounds: 3, rounds: { round_1: [], round_2: [], round_3: [] } }), 'ev-b'),
        );
        await assertSucceeds(createEvent(admin(), newEvent({ start_time: null }), 'ev-c'));
      });

      it('creates an event with the longest title, description, location and logo URLs allowed', async () => {
        await assertSucceeds(
          createEvent(
            admin(),
            storedEvent({
              title: 't'.repeat(200),
              description: 'd'.repeat(5000),
              location: 'l'.repeat(500),
              normalLogo: 'n'.repeat(2048),
              middleLogo: 'm'.repeat(2048),
            }),
          ),
        );
      });

      it('cannot leave out a required field', async () => {
        const required = [
          'title',
          'description',
          'location',
          'start_time',
          'number_of_rounds',
          'rounds',
          'is_event_open',
          'round_number',
          'presenter_index',
        ];
        for (const field of required) {
          const incomplete: Record<string, unknown> = newEvent();
          delete incomplete[field];
          await assertFails(createEvent(admin(), incomplete));
        }
      });

      it('cannot create an event with a matching or e-mailing status (the server reactions write them)', async () => {
        await assertFails(createEvent(admin(), newEvent({ matching_status: reactionStatus })));
        await assertFails(createEvent(admin(), newEvent({ emailing_status: reactionStatus })));
      });

      it('cannot create an event with a field outside EventDocument', async () => {
        await assertFails(createEvent(admin(), newEvent({ owner: 'admin-uid' })));
      });
    });

    describe('update (the event control screen)', () => {
      it('starts the event: open, and the first presenter live', async () => {
        await assertSucceeds(updateEvent(admin(), { is_event_open: true, presenter_index: 0 }));
      });

      it('stops the event', async () => {
        await seed({ 'events/ev1': storedEvent({ is_event_open: true, presenter_index: 1 }) });
        await assertSucceeds(updateEvent(admin(), { is_event_open: false }));
      });

      it('moves to the next and the previous presenter', async () => {
        await seed({ 'events/ev1': storedEvent({ is_event_open: true, presenter_index: 0 }) });
        await assertSucceeds(updateEvent(admin(), { presenter_index: 1 }));
        await assertSucceeds(updateEvent(admin(), { presenter_index: 2 }));
        await assertSucceeds(updateEvent(admin(), { presenter_index: 1 }));
      });

      it("completes all (the index set to the round's count) and resets all (-1)", async () => {
        await assertSucceeds(updateEvent(admin(), { presenter_index: ROUND_1.length }));
        await assertSucceeds(updateEvent(admin(), { presenter_index: -1 }));
      });

      it('selects another round', async () => {
        await assertSucceeds(updateEvent(admin(), { round_number: 2 }));
        await assertSucceeds(updateEvent(admin(), { round_number: 1 }));
      });

      it('moves presenters up and down, adds and removes them in a round (rounds.round_n)', async () => {
        await assertSucceeds(updateEvent(admin(), { 'rounds.round_1': moveUp(ROUND_1, 1) }));
        await assertSucceeds(updateEvent(admin(), { 'rounds.round_1': moveDown(ROUND_1, 0) }));
        const withSam = addToRound({ round_1: [ADA, LIN], round_2: [KOFI] }, 2, SAM);
        await assertSucceeds(updateEvent(admin(), { 'rounds.round_1': withSam.round_1, 'rounds.round_2': withSam.round_2 }));
        await assertSucceeds(updateEvent(admin(), { 'rounds.round_2': removeAt([KOFI, SAM], 0) }));
      });

      it('removes the live presenter past the end together with lowering the index', async () => {
        await seed({ 'events/ev1': storedEvent({ presenter_index: ROUND_1.length }) });
        await assertSucceeds(updateEvent(admin(), { 'rounds.round_1': removeAt(ROUND_1, 2), presenter_index: 2 }));
      });

      it('starts matching and sends e-mails', async () => {
        await assertSucceeds(updateEvent(admin(), { is_matching: true }));
        await assertSucceeds(updateEvent(admin(), { is_emailing: true }));
      });

      it('runs an event the server reactions have already reported on', async () => {
        await seed({ 'events/ev1': storedEvent({ matching_status: reactionStatus, emailing_status: reactionStatus }) });
        await assertSucceeds(updateEvent(admin(), { is_event_open: true, presenter_index: 0 }));
      });
    });

    describe('update (the pitch timer)', () => {
      it('sets the pitch length and question time in whole seconds', async () => {
        await assertSucceeds(updateEvent(admin(), { pitch_seconds: 240, question_seconds: 60 }));
        await assertSucceeds(updateEvent(admin(), { pitch_seconds: 10, question_seconds: 0 }));
        await assertSucceeds(updateEvent(admin(), { pitch_seconds: 3600, question_seconds: 3600 }));
        await assertSucceeds(createEvent(admin(), newEvent({ pitch_seconds: 180, question_seconds: 0 })));
      });

      it('refuses a pitch length or question time out of range or not whole seconds', async () => {
        await assertFails(updateEvent(admin(), { pitch_seconds: 9 }));
        await assertFails(updateEvent(admin(), { pitch_seconds: 3601 }));
        await assertFails(updateEvent(admin(), { pitch_seconds: 180.5 }));
        await assertFails(updateEvent(admin(), { pitch_seconds: '180' }));
        await assertFails(updateEvent(admin(), { question_seconds: -1 }));
        await assertFails(updateEvent(admin(), { question_seconds: 3601 }));
      });

      const meetings = {
        enabled: true,
        start_time: storedTime('2030-05-01T13:15:00Z'),
        slot_minutes: 10,
        slots: 6,
        places: ['Table 1', 'Table 2'],
        max_per_person: 3,
      };

      it('sets the meeting settings, on or off, as the form saves them', async () => {
        await assertSucceeds(updateEvent(admin(), { meetings }));
        await assertSucceeds(updateEvent(admin(), { meetings: { ...meetings, enabled: false, start_time: null } }));
        await assertSucceeds(
          updateEvent(admin(), { meetings: { ...meetings, slot_minutes: 120, slots: 48, max_per_person: 48 } }),
        );
        await assertSucceeds(
          createEvent(admin(), newEvent({ meetings: { ...meetings, slot_minutes: 5, slots: 1, max_per_person: 1 } })),
        );
        await assertFails(updateEvent(user(), { meetings }));
      });

      it.each([
        ['no start with meetings on', { start_time: null }],
        ['a slot shorter than 5 minutes', { slot_minutes: 4 }],
        ['a slot longer than 2 hours', { slot_minutes: 121 }],
        ['no slot', { slots: 0 }],
        ['more than 48 slots', { slots: 49 }],
        ['no place', { places: [] }],
        ['places that are no list', { places: 'Table 1' }],
        ['more meetings per person than slots', { max_per_person: 7 }],
        ['no meeting per person', { max_per_person: 0 }],
        ['a field of its own', { coffee: true }],
      ])('refuses meeting settings with %s', async (_, change) => {
        await assertFails(updateEvent(admin(), { meetings: { ...meetings, ...change } }));
      });

      it('starts, pauses, resumes and restarts the clock, and records it, as the controls do', async () => {
        await assertSucceeds(
          updateEvent(admin(), {
            presenter_index: 1,
            timer: clock({ presenter_id: 'p-lin' }),
            pitch_times: { 'p-ada': pitchRecord },
          }),
        );
        await assertSucceeds(updateEvent(admin(), { 'timer.paused_at': serverTimestamp(), 'timer.paused_ms': 4000 }));
        await assertSucceeds(updateEvent(admin(), { 'timer.resumed_at': serverTimestamp() }));
        await assertSucceeds(updateEvent(admin(), { timer: clock() }));
        await assertSucceeds(updateEvent(admin(), { timer: null }));
      });

      it('refuses a clock that is not the server timestamps of its start and pauses', async () => {
        await assertFails(updateEvent(admin(), { timer: { presenter_id: 'p-ada', seconds_left: 161 } }));
        await assertFails(updateEvent(admin(), { timer: clock({ started_at: 1_800_000_000_000 }) }));
        await assertFails(updateEvent(admin(), { timer: clock({ paused_at: 'now' }) }));
        await assertFails(updateEvent(admin(), { timer: clock({ paused_ms: -1 }) }));
        await assertFails(updateEvent(admin(), { timer: clock({ paused_ms: 1.5 }) }));
        await assertFails(updateEvent(admin(), { timer: clock({ presenter_id: '' }) }));
        await assertFails(updateEvent(admin(), { timer: clock({ ticks: 3 }) }));
        const { resumed_at: _missing, ...incomplete } = clock();
        await assertFails(updateEvent(admin(), { timer: incomplete }));
        await assertFails(updateEvent(admin(), { pitch_times: [pitchRecord] }));
      });
    });

    describe('update (the Edit Event dialog)', () => {
      it('saves the title, description, location, start time and logos', async () => {
        await assertSucceeds(
          updateEvent(admin(), {
            title: 'Med-Tech Spring Session',
            description: 'Changed',
            location: 'Auditorium',
            start_time: storedTime('2030-06-01T09:00:00Z'),
            normalLogo: 'https://storage.example.com/event_logos/ev1_normal.webp',
            middleLogo: 'https://storage.example.com/event_logos/ev1_middle.png',
          }),
        );
      });

      it('adds a round and drops rounds (the rounds resized with the count)', async () => {
        const rounds = { round_1: ROUND_1, round_2: [KOFI] };
        await assertSucceeds(updateEvent(admin(), { number_of_rounds: 3, rounds: resizeRounds(rounds, 3) }));
        await assertSucceeds(updateEvent(admin(), { number_of_rounds: 1, rounds: resizeRounds(rounds, 1) }));
      });

      it('saves the matching settings: fair scores and conflicts excluded, on or off', async () => {
        for (const changes of [
          { fair_scores: true, exclude_conflicts: false },
          { fair_scores: false, exclude_conflicts: true },
        ]) {
          await assertSucceeds(updateEvent(admin(), changes));
        }
      });

      it('cannot change the number of rounds without the rounds, or the rounds without the number', async () => {
        await assertFails(updateEvent(admin(), { number_of_rounds: 3 }));
        await assertFails(updateEvent(admin(), { rounds: { round_1: ROUND_1 } }));
      });

      it('cannot drop the current round', async () => {
        await seed({ 'events/ev1': storedEvent({ round_number: 2 }) });
        await assertFails(updateEvent(admin(), { number_of_rounds: 1, rounds: { round_1: ROUND_1 } }));
      });
    });

    describe('update: each invalid field refused', () => {
      const refused: [string, Record<string, unknown>][] = [
        ['an empty title', { title: '' }],
        ['a title of 201 characters', { title: 't'.repeat(201) }],
        ['a title that is not text', { title: 42 }],
        ['a description of 5001 characters', { description: 'd'.repeat(5001) }],
        ['a location of 501 characters', { location: 'l'.repeat(501) }],
        ['a start time that is text', { start_time: '2030-05-01T11:15:00Z' }],
        ['0 rounds', { number_of_rounds: 0, rounds: {}, round_number: 1 }],
        ['4 rounds', { number_of_rounds: 4, rounds: { round_1: [], round_2: [], round_3: [], round_4: [] } }],
        ['1.5 rounds', { number_of_rounds: 1.5 }],
        ['a number of rounds that does not match the rounds (2 rounds, 1 key)', { rounds: { round_1: ROUND_1 } }],
        ['a number of rounds that does not match the rounds (2 rounds, 3 keys)', { 'rounds.round_3': [] }],
        ['a round key outside round_1..round_n', { rounds: { round_1: ROUND_1, round_3: [] } }],
        ['two rounds without round_1 (round_2 and another key)', { rounds: { round_0: ROUND_1, round_2: [KOFI] } }],
        [
          'three rounds without round_3 (round_4 instead)',
          { number_of_rounds: 3, rounds: { round_1: ROUND_1, round_2: [KOFI], round_4: [] } },
        ],
        ['a round that is not a list', { 'rounds.round_2': { first: KOFI } }],
        ['a round of 201 entries', { 'rounds.round_2': Array.from({ length: 201 }, () => KOFI) }],
        ['rounds that are not a map', { rounds: ROUND_1 }],
        ['round_number 0', { round_number: 0 }],
        ['round_number past the rounds', { round_number: 3 }],
        ['round_number 1.5', { round_number: 1.5 }],
        ['presenter_index -2', { presenter_index: -2 }],
        ["presenter_index past the round's count", { presenter_index: ROUND_1.length + 1 }],
        ['presenter_index 1.5', { presenter_index: 1.5 }],
        ['presenter_index as text', { presenter_index: '1' }],
        ['is_event_open that is not a boolean', { is_event_open: 'yes' }],
        ['is_matching that is not a boolean', { is_matching: 1 }],
        ['is_emailing that is not a boolean', { is_emailing: 'true' }],
        ['is_slider_open that is not a boolean', { is_slider_open: null }],
        ['a logo that is a number', { normalLogo: 42 }],
        ['a middle logo that is a map', { middleLogo: { url: 'https://storage.example.com/m.png' } }],
        ['a logo URL of 2049 characters', { normalLogo: 'n'.repeat(2049) }],
        ['developers that are not a list', { developers: 'Demo Developer' }],
        ['fair_scores as text', { fair_scores: 'true' }],
        ['fair_scores as a number', { fair_scores: 1 }],
        ['fair_scores null', { fair_scores: null }],
        ['exclude_conflicts as text', { exclude_conflicts: 'false' }],
        ['exclude_conflicts as a map', { exclude_conflicts: { on: true } }],
        ['a minimum match score of 0', { min_match_score: 0 }],
        ['a minimum match score of 6', { min_match_score: 6 }],
        ['a minimum match score as text', { min_match_score: '4' }],
        ['at most 0 matches per presenter', { max_matches_per_presenter: 0 }],
        ['at most 101 matches per presenter', { max_matches_per_presenter: 101 }],
        ['at most 2.5 matches per presenter', { max_matches_per_presenter: 2.5 }],
        ['an unknown key', { owner: 'admin-uid' }],
        ['a matching status', { matching_status: reactionStatus }],
        ['an e-mailing status', { emailing_status: reactionStatus }],
      ];

      for (const [what, changes] of refused) {
        it(`refuses ${what}`, async () => {
          await assertFails(updateEvent(admin(), changes));
        });
      }

      it('accepts the bounds: 200 characters of title, index -1 to the count, scores 1 to 5, 1 to 100 matches', async () => {
        for (const changes of [
          { title: 't'.repeat(200) },
          { presenter_index: -1 },
          { presenter_index: ROUND_1.length },
          { min_match_score: 1 },
          { min_match_score: 4.5 },
          { min_match_score: 5 },
          { max_matches_per_presenter: 1 },
          { max_matches_per_presenter: 100 },
          { 'rounds.round_2': Array.from({ length: 200 }, () => KOFI) },
        ]) {
          await assertSucceeds(updateEvent(admin(), changes));
        }
      });

      it("cannot change or remove the server's matching or e-mailing status", async () => {
        await seed({ 'events/ev1': storedEvent({ matching_status: reactionStatus, emailing_status: reactionStatus }) });
        await assertFails(updateEvent(admin(), { 'matching_status.state': 'failed' }));
        await assertFails(updateEvent(admin(), { 'emailing_status.counts': { sent: 0 } }));
        // Replacing the document without its matching status would remove it.
        await assertFails(setDoc(doc(admin(), 'events', 'ev1'), storedEvent({ emailing_status: reactionStatus })));
      });

      it('cannot leave the live index past a round it shortens', async () => {
        await seed({ 'events/ev1': storedEvent({ presenter_index: ROUND_1.length }) });
        await assertFails(updateEvent(admin(), { 'rounds.round_1': removeAt(ROUND_1, 2) }));
      });
    });

    describe('delete', () => {
      it('deletes an event', async () => {
        await assertSucceeds(deleteDoc(doc(admin(), 'events', 'ev1')));
      });

      it('deletes an event with its responses and final matches in one batch', async () => {
        await seed({
          'responses/alice-uid_ev1_p-ada_q1': {
            event_id: 'ev1',
            provider_id: 'alice-uid',
            presenter_id: 'p-ada',
            question_id: 'q1',
          },
          'final_matches/m1': { event_id: 'ev1', presenter_id: 'p-ada', matched_providers: [] },
        });
        const db = admin();
        const [responses, matches] = await Promise.all([
          listWhere(db, 'responses', 'event_id', 'ev1'),
          listWhere(db, 'final_matches', 'event_id', 'ev1'),
        ]);
        const batch = writeBatch(db);
        for (const stored of [...responses.docs, ...matches.docs]) batch.delete(stored.ref);
        batch.delete(doc(db, 'events', 'ev1'));
        await assertSucceeds(batch.commit());
      });
    });
  });
});
