// A presenter's sign-up through an invite, as the invite e-mail's link leads there: the browser
// tests that need a presenter who signed up themselves (their presenter id is their uid) share it.

import type { Firestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';

export interface InviteSignup {
  /** The project's Firestore, as an admin: the invite is stored and the presenter read back with it. */
  db: Firestore;
  /** The built app's address. */
  appUrl: string;
  inviteId: string;
  email: string;
  /** The uid of the admin who sent the invite. */
  createdBy: string;
}

/** Signs Ada Okafor (PulseLoop) up through an invite on `page`; returns her presenter id. */
export async function signUpByInvite(page: Page, { db, appUrl, inviteId, email, createdBy }: InviteSignup): Promise<string> {
  const signupUrl = new URL(`/signup?c=${inviteId}`, appUrl).href;
  await db.doc(`invites/${inviteId}`).set({ email, created_by: createdBy, created_at: Timestamp.now(), signup_url: signupUrl });
  await page.goto(signupUrl);
  await page.getByRole('heading', { name: 'Presenter Signup' }).waitFor();
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Okafor');
  await page.getByLabel('Company Name').fill('PulseLoop');
  await page.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Completed signup.').waitFor();
  const signedUp = await db.collection('presenters').where('invite_id', '==', inviteId).get();
  const id = signedUp.docs[0]?.id;
  if (!id) throw new Error('The signup stored no presenter.');
  return id;
}
