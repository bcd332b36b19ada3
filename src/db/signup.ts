// Presenter signup through an invite link (the spec's sections 2, 4 and 7: "Read, delete |
// invites/{id}"): the invite's e-mail, the signed-in presenter's own document, and the signup
// itself, which creates presenters/{uid} (uid = the anonymous Auth uid) and deletes the invite in
// one atomic batch, as firestore.rules allow it. A retried signup never makes a second presenter:
// the rules refuse a second create, and a refusal is checked against the server (below).

import { doc, getDocFromServer, writeBatch } from 'firebase/firestore';
import type { PresenterDocument } from '../../domain/documents';
import type { Presenter } from '../types/presenter';
import { toStringOr } from './converters';
import { db } from './firebase';
import { presenterConverter } from './presenters';
import { ensureSignedIn } from './session';

/** What the signup form saves (the spec's section 2); the e-mail is the invite's. */
export type SignupFields = Pick<PresenterDocument, 'first_name' | 'last_name' | 'email' | 'company' | 'phone' | 'website'>;

/** A Firestore document id: not empty, no slash, not '.' or '..', not reserved (__…__). */
function isDocumentId(id: string): boolean {
  return id !== '' && !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/.test(id) && id.length <= 1500;
}

const presenterRef = (uid: string) => doc(db, 'presenters', uid).withConverter(presenterConverter);

/**
 * The invite's e-mail, or null when there is no such invite (also for an id that cannot name a
 * document). Read from the server, not the device's cache: an invite used or withdrawn meanwhile
 * must not look valid. Throws when the server cannot be asked.
 */
export async function getInvite(inviteId: string): Promise<{ email: string } | null> {
  if (!isDocumentId(inviteId)) return null;
  const data = (await getDocFromServer(doc(db, 'invites', inviteId))).data();
  return data ? { email: toStringOr(data.email, '') } : null;
}

/**
 * The signed-in visitor's own presenter document (signing in anonymously first), read from the
 * server; null when they have not signed up on this device. Throws when the server cannot be asked.
 */
export async function getMyPresenter(): Promise<Presenter | null> {
  const user = await ensureSignedIn();
  const snapshot = await getDocFromServer(presenterRef(user.uid));
  return snapshot.data() ?? null;
}

/**
 * Signs the visitor up as a presenter through the invite: creates presenters/{uid} with the
 * fields (trimmed), invite_id, verified false, status 'Up Next', no favourites and the Privacy
 * Policy accepted, and deletes the invite, in one batch. Resolves with the stored presenter once
 * the server has it.
 *
 * When the server refuses the batch, the signup may still be done: a first commit can reach the
 * server and its answer be lost on a weak connection, so that the SDK's resend (or a retried
 * submit) finds the invite gone. The server is then asked whether presenters/{uid} exists for this
 * invite: if it does, the signup is complete; otherwise the refusal is thrown.
 */
export async function completeSignup(inviteId: string, fields: SignupFields): Promise<Presenter> {
  const user = await ensureSignedIn();
  const stored: PresenterDocument = {
    first_name: fields.first_name.trim(),
    last_name: fields.last_name.trim(),
    email: fields.email.trim(),
    company: fields.company.trim(),
    phone: fields.phone.trim(),
    website: fields.website.trim(),
    profile_url: '',
    linkedin_url: '',
    favourites: [],
    verified: false,
    status: 'Up Next',
    terms_accepted: true,
    invite_id: inviteId,
  };
  try {
    await writeBatch(db)
      .set(doc(db, 'presenters', user.uid), stored)
      .delete(doc(db, 'invites', inviteId))
      .commit();
    return { id: user.uid, ...stored };
  } catch (error) {
    const existing = await getDocFromServer(presenterRef(user.uid)).then(
      (snapshot) => snapshot.data(),
      () => undefined,
    );
    if (existing?.invite_id === inviteId) return existing;
    throw error;
  }
}
