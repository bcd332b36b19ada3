// The demo data set gives every provider-facing screen something real to show: an open event
// with three rounds and a live presenter, the questionnaire, and a finished session's results
// with an innovation-office fallback match.

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defined } from '../support/defined';

type Doc = Record<string, unknown>;
const dataset = JSON.parse(fs.readFileSync('backend/demo/demoData.json', 'utf8')) as {
  firestore: Record<string, Doc>;
  auth: { users: { email: string; customClaims?: Doc }[] };
};
const docs = (collection: string) =>
  Object.entries(dataset.firestore)
    .filter(([path]) => path.startsWith(`${collection}/`))
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

  it('keeps the demo admin', () => {
    expect(dataset.auth.users.some((user) => user.customClaims?.admin === true)).toBe(true);
  });
});
