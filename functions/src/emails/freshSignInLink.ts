// A fresh sign-in link on request (domain/signInLinkRequest.ts): when a visitor whose link was used
// or expired asks for another (sign_in_link_requests/{id}), claim the request and the address's
// once-a-minute slot in one transaction, and mail a new Firebase e-mail link to the page only when
// an account holds the address (one the result e-mails bound). Triggers arrive at least once: a
// request with a state is done.

import { createHash } from 'node:crypto';
import { Body, Container, Head, Heading, Html, Link, Preview, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Auth } from 'firebase-admin/auth';
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { createElement as h } from 'react';
import { freshLinkAllowed, SIGN_IN_LINK_PAGE, type SignInLinkRequestDocument } from '../../../domain/signInLinkRequest.js';
import type { RenderedMail } from '../mail/inviteMail.js';
import type { Mailer } from '../mail/transport.js';
import { resultMailStyles as styles } from './resultMails.js';

export type FreshLinkOutcome = { state: NonNullable<SignInLinkRequestDocument['state']> | 'skipped'; reason?: string };

const addressKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

const codeOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : '';

export const freshLinkSubject = (organisation: string): string => `Your sign-in link from ${organisation}`;

export async function renderFreshLinkMail(organisation: string, link: string): Promise<RenderedMail> {
  const subject = freshLinkSubject(organisation);
  const element = h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, 'A fresh link to your results.'),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Heading, { as: 'h1', style: styles.heading }, subject),
        h(Text, { style: styles.text }, 'You asked for a fresh link to your results. It works once:'),
        h(Text, { style: styles.text }, h(Link, { href: link, style: styles.link }, 'open your results')),
        h(Text, { style: styles.footer }, 'If you did not ask for it, you can ignore this e-mail.'),
      ),
    ),
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject, html, text };
}

/** Serves one request once; throws only when Firestore does. */
export async function sendFreshSignInLink(
  firestore: Firestore,
  auth: Auth,
  requestId: string,
  mailer: Mailer,
): Promise<FreshLinkOutcome> {
  const ref = firestore.collection('sign_in_link_requests').doc(requestId);
  const claim = await firestore.runTransaction(async (transaction) => {
    const request = await transaction.get(ref);
    const data = request.data() as SignInLinkRequestDocument<Timestamp> | undefined;
    if (!data || data.state !== undefined) return null;
    const email = String(data.email ?? '')
      .trim()
      .toLowerCase();
    const page = String(data.page ?? '');
    if (!email || !SIGN_IN_LINK_PAGE.test(page)) {
      transaction.update(ref, { state: 'failed', reason: 'The request names no address or no page of the app.' });
      return { state: 'failed' as const };
    }
    const slot = firestore.collection('sign_in_link_sends').doc(addressKey(email));
    const last = (await transaction.get(slot)).get('sent_at') as Timestamp | undefined;
    if (!freshLinkAllowed(last?.toMillis(), request.readTime.toMillis())) {
      transaction.update(ref, { state: 'throttled' });
      return { state: 'throttled' as const };
    }
    transaction.set(slot, { sent_at: FieldValue.serverTimestamp() });
    transaction.update(ref, { state: 'sending' });
    return { state: 'sending' as const, email, page };
  });
  if (!claim) return { state: 'skipped' };
  if (claim.state !== 'sending') return { state: claim.state };

  const outcome = await deliver(auth, mailer, claim.email, claim.page).catch((error: unknown): FreshLinkOutcome => ({
    state: 'failed',
    reason: (error instanceof Error ? error.message : String(error)).slice(0, 500),
  }));
  await ref.update({ state: outcome.state, ...(outcome.reason ? { reason: outcome.reason } : {}) });
  return outcome;
}

async function deliver(auth: Auth, mailer: Mailer, email: string, page: string): Promise<FreshLinkOutcome> {
  if (!mailer.appUrl) return { state: 'failed', reason: "The app's address (APP_URL) is not configured." };
  // Only an address the result e-mails bound to an account gets a link: nobody else is written to.
  const user = await auth.getUserByEmail(email).catch((error: unknown) => {
    if (codeOf(error) === 'auth/user-not-found') return null;
    throw error;
  });
  if (!user) return { state: 'no-account' };
  const link = await auth.generateSignInWithEmailLink(email, { url: `${mailer.appUrl}${page}`, handleCodeInApp: true });
  await mailer.sendMail({ to: email, ...(await renderFreshLinkMail(mailer.organisation, link)) });
  return { state: 'sent' };
}
