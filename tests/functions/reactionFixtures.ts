// What the server reactions' tests share: the people of the spring session's results (two
// providers and the innovation office), a final match as matching writes it, the times a run
// records when it ends, a read of the stored event, presenters and answers as stored, and the
// mail caught for one address. Each test keeps its own expectations.

import { FieldValue, Timestamp, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { FinalMatchDocument, PresenterDetails, ProviderDetails } from '../../domain/documents';
import { addressOf, type SmtpCatcher } from '../support/smtpCatcher';

export const EVENT = 'spring-session';
export const OTHER_EVENT = 'autumn-session';

export const KIM: ProviderDetails = {
  first_name: 'Kim',
  last_name: 'Park',
  email: 'kim@example.com',
  company: 'Northwind Health',
};
export const LEE: ProviderDetails = { first_name: 'Lee', last_name: 'Moreau', email: 'lee@example.com', company: 'Harbor Labs' };

/** The fallback match for a presenter nobody matched, and the sender of the mails. */
export const OFFICE: ProviderDetails = {
  first_name: 'Innovation',
  last_name: 'Office',
  email: 'innovation@example.edu',
  company: 'Northfield Polytechnic',
};

/** final_matches/{eventId}_{presenterId}: a presenter (p-{first name}) and the providers matched, by id. */
export function finalMatch(
  eventId: string,
  details: PresenterDetails,
  providers: [string, ProviderDetails][],
): FinalMatchDocument {
  return {
    event_id: eventId,
    presenter_id: `p-${details.first_name.toLowerCase()}`,
    presenter_details: details,
    matched_providers: providers.map(([provider_id, provider_details]) => ({ provider_id, provider_details })),
  };
}

/** The server's times on a run's status once it has ended: when it started, finished and last changed. */
export const RUN_TIMES = {
  at: expect.any(Timestamp),
  started_at: expect.any(Timestamp),
  finished_at: expect.any(Timestamp),
};

/** The stored event's data; fails the test when it is gone. */
export async function storedEventData(db: Firestore, eventId = EVENT) {
  const data = (await db.collection('events').doc(eventId).get()).data();
  if (!data) throw new Error(`events/${eventId} is gone`);
  return data;
}

/** presenters/{id} as the server reactions read it: contact details at `{first name}@example.com`, verified, Up Next. */
export const reactionPresenter = (first_name: string, last_name: string, company = `${last_name} Labs`) => ({
  first_name,
  last_name,
  email: `${first_name.toLowerCase()}@example.com`,
  company,
  phone: '',
  website: '',
  profile_url: '',
  linkedin_url: '',
  favourites: [],
  verified: true,
  status: 'Up Next',
  terms_accepted: true,
});

/** A provider's answer: to a presenter's question, a rating (null on q-advice) and a comment or written answer. */
export type ReactionAnswer = [provider: string, presenter: string, question: string, rating: number | null, text: string | null];

/**
 * Adds an answer to `batch` as the rating screen saves it: a rating and comment on a stars
 * question, a written answer (`text`) on q-advice.
 */
export function setAnswer(batch: WriteBatch, db: Firestore, eventId: string, answer: ReactionAnswer): void {
  const [provider, presenterId, question, rating, text] = answer;
  const type = question === 'q-advice' ? 'text' : 'stars';
  batch.set(db.doc(`responses/${provider}_${eventId}_${presenterId}_${question}`), {
    event_id: eventId,
    question_id: question,
    presenter_id: presenterId,
    provider_id: provider,
    type,
    rating,
    comment: type === 'stars' ? text : null,
    response: type === 'text' ? text : null,
    updated_at: FieldValue.serverTimestamp(),
  });
}

/** The one mail caught for `address`; fails the test when there is none or more than one. */
export function mailTo(catcher: SmtpCatcher, address: string): ParsedMail {
  const found = catcher.mails.filter((mail) => addressOf(mail) === address);
  expect(found, `mails to ${address}`).toHaveLength(1);
  return found[0] as ParsedMail;
}

/**
 * Sets the mail params in the environment as Cloud Functions does at run time (params are read
 * then): the project, the SMTP server on 127.0.0.1 at `port`, the sender, the organisation and any
 * `more`.
 */
export function setMailParams(
  projectId: string,
  port: number,
  { from, organisation, more = {} }: { from: string; organisation: string; more?: Record<string, string> },
): void {
  Object.assign(process.env, {
    GCLOUD_PROJECT: projectId,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(port),
    SMTP_FROM: from,
    ORGANISATION_NAME: organisation,
    ...more,
  });
}
