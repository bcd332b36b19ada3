// The demo data set gives every provider-facing screen something real to show: an open event
// with three rounds and a live presenter, the questionnaire, and a finished session's results
// with an innovation-office fallback match, and answers on the open event from which Start
// Matching makes real matches (the matching core run on the data set as stored).

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entryKind } from '../../domain/displayStatus';
import { FALLBACK_PROVIDER_ID, matchEvent } from '../../domain/matching';
import { meetingSettingsDraft, meetingSettingsFrom, meetingSettingsOfDraft } from '../../domain/meetingSettings';
import { parseQuestionType } from '../../domain/questionTypes';
import { defined } from '../support/defined';

type Doc = Record<string, unknown>;
const dataset = JSON.parse(fs.readFileSync('backend/demo/demoData.json', 'utf8')) as {
  firestore: Record<string, Doc>;
  auth: { users: { email: string; customClaims?: Doc }[] };
};
const docs = (collection: string) =>
  Object.entries(dataset.firestore)
    .filter(([path]) => path.startsWith(`${collection}/`) && !path.slice(collection.length + 1).includes('/'))
    .map(([path, data]) => ({ id: path.slice(collection.length + 1), ...data }) as Doc & { id: string });

describe('the demo data', () => {
  const events = docs('events');
  const open = events.filter((event) => event.is_event_open === true);

  it('has one open event with three rounds and a live presenter', () => {
    expect(open).toHaveLength(1);
    const event = defined(open[0], 'The open event');
    const rounds = event.rounds as Record<string, { presenter_id: string }[]>;
    expect(Object.keys(rounds).sort()).toEqual(['round_1', 'round_2', 'round_3']);
    expect(event.number_of_rounds).toBe(3);
    const current = rounds[`round_${event.round_number as number}`];
    expect(current?.[event.presenter_index as number]).toBeDefined();
  });

  it('has meetings on for the open event, with settings the event form accepts as they are', () => {
    const event = defined(open[0], 'The open event');
    const stored = event.meetings as Doc;
    expect(Object.keys(stored).sort()).toEqual(['enabled', 'max_per_person', 'places', 'slot_minutes', 'slots', 'start_time']);
    const settings = meetingSettingsFrom(stored, (value) => value as Doc | null);
    expect(settings.enabled).toBe(true);
    expect(stored.start_time).toEqual({ $timestamp: 'now+2h' });
    expect(meetingSettingsOfDraft(meetingSettingsDraft(settings), () => true)).toEqual({ settings });
  });

  it('lists only presenters that exist, with their stored names', () => {
    const presenters = new Map(docs('presenters').map((presenter) => [presenter.id, presenter]));
    for (const event of events) {
      for (const entries of Object.values(event.rounds as Record<string, Doc[]>)) {
        for (const entry of entries) {
          const presenter = presenters.get(entry.presenter_id as string);
          expect(presenter, `${entry.presenter_id as string}`).toBeDefined();
          expect([entry.first_name, entry.last_name]).toEqual([presenter?.first_name, presenter?.last_name]);
        }
      }
    }
  });

  it('has star questions and a text question, numbered in order', () => {
    const questions = docs('questions').sort((a, b) => (a.question_number as number) - (b.question_number as number));
    expect(questions.filter((question) => question.type === 'stars').length).toBeGreaterThanOrEqual(3);
    expect(questions.some((question) => question.type === 'text')).toBe(true);
    expect(questions.map((question) => question.question_number)).toEqual(questions.map((_, index) => index + 1));
  });

  it("has a finished session's final matches, one of them the innovation office's fallback", () => {
    const matches = docs('final_matches');
    const eventIds = new Set(matches.map((match) => match.event_id));
    expect([...eventIds].every((id) => events.some((event) => event.id === id && event.is_event_open === false))).toBe(true);
    const emails = (match: Doc) =>
      (match.matched_providers as { provider_details: { email: string } }[]).map((provider) => provider.provider_details.email);
    expect(matches.some((match) => emails(match).includes('innovation@example.edu'))).toBe(true);
    expect(matches.some((match) => emails(match).length > 1)).toBe(true);
  });

  it('has answers on the open event that Start Matching turns into matches, and a presenter nobody rated yet gets the fallback', () => {
    const event = defined(open[0], 'The open event');
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const byId = (collection: string) => Object.fromEntries(docs(collection).map(({ id, ...data }) => [id, data]));
    const presenters = byId('presenters');
    const rounds = event.rounds as Record<string, { presenter_id: string; first_name: string; last_name: string }[]>;
    const presenterIds = Object.keys(rounds)
      .sort()
      .flatMap((key) => rounds[key] ?? [])
      .filter((entry) => entryKind(entry) === 'presenter')
      .map((entry) => entry.presenter_id);
    const responses = docs('responses').filter((response) => response.event_id === event.id);
    const results = matchEvent({
      eventId: event.id,
      presenterIds,
      presenters: Object.fromEntries(
        presenterIds.map((id) => {
          const data = presenters[id] ?? {};
          const field = (key: string) => text(data[key]);
          const favourites = Array.isArray(data.favourites) ? (data.favourites as string[]) : [];
          return [
            id,
            {
              ...Object.fromEntries(
                ['first_name', 'last_name', 'email', 'company', 'linkedin_url', 'profile_url'].map((key) => [key, field(key)]),
              ),
              favourites,
            },
          ];
        }),
      ) as never,
      questions: Object.fromEntries(
        docs('questions').map((q) => [
          q.id,
          { type: defined(parseQuestionType(q.type) ?? undefined, `question ${q.id}'s type`), title: text(q.title) },
        ]),
      ),
      providers: byId('providers') as never,
      responses: responses.map((response) => ({
        provider_id: text(response.provider_id),
        presenter_id: text(response.presenter_id),
        question_id: text(response.question_id),
        event_id: text(response.event_id),
        type: defined(parseQuestionType(response.type) ?? undefined, 'a known answer type'),
        rating: typeof response.rating === 'number' ? response.rating : null,
        answeredAt: 0,
      })),
      minScore: event.min_match_score as number,
      maxMatches: event.max_matches_per_presenter as number,
      fallback: { first_name: 'Innovation', last_name: 'Office', email: 'innovation@example.edu', company: 'Innovation Office' },
    });

    const matched = Object.fromEntries(
      results.map((result) => [
        result.presenter_id.replace('demo-presenter-', ''),
        result.matched_providers.map((m) => m.provider_id.replace('demo-provider-', '')),
      ]),
    );
    expect(matched).toEqual({
      ada: ['jordan', 'amara'],
      lin: ['sofia'],
      sam: ['hiro'],
      noor: ['jordan', 'sofia'],
      tomas: ['amara', 'hiro'],
      priya: [FALLBACK_PROVIDER_ID],
    });
  });

  it("marks as its raters exactly the providers who answered at each event (the dashboard's count)", () => {
    for (const event of events) {
      const raters = docs(`events/${event.id}/raters`).map((marker) => marker.id);
      const answered = new Set(
        docs('responses')
          .filter((r) => r.event_id === event.id)
          .map((r) => r.provider_id as string),
      );
      expect(raters.sort(), event.id).toEqual([...answered].sort());
    }
  });

  it('keeps the demo admin', () => {
    expect(dataset.auth.users.some((user) => user.customClaims?.admin === true)).toBe(true);
  });
});
