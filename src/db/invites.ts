// Invites (invites/{inviteId}) as admins manage them on /invite: the pending invites followed
// live, creating them (one batch, unguessable auto-ids, the absolute signup link written in so the
// server's e-mail needs no setting of the app's address), asking for the invite e-mail (the
// server's mail reaction answers in mail_status) and revoking. Signup deletes an invite when the
// presenter uses it, so every stored invite is pending.

import { collection, deleteDoc, doc, onSnapshot, serverTimestamp, updateDoc, writeBatch } from 'firebase/firestore';
import { paths } from '../config/paths';
import type { Invite, InviteMailStatus } from '../lib/inviteList';
import { readOnlyConverter, toDate, toNumberOr, toRecord, toStringOr, toStringOrNull } from './converters';
import { db } from './firebase';

function toMailStatus(value: unknown): InviteMailStatus | null {
  const status = toRecord(value);
  if (status.state !== 'sending' && status.state !== 'sent' && status.state !== 'failed') return null;
  return {
    state: status.state,
    at: toDate(status.at),
    requestAt: toDate(status.request_at),
    attempts: toNumberOr(status.attempts, 0),
    ...(typeof status.message_id === 'string' ? { messageId: status.message_id } : {}),
    ...(typeof status.reason === 'string' ? { reason: status.reason } : {}),
  };
}

const inviteConverter = readOnlyConverter<Invite>(
  'Invites are written field by field below, not through this reader.',
  (id, data) => ({
    id,
    email: toStringOr(data.email, ''),
    createdBy: toStringOrNull(data.created_by),
    createdAt: toDate(data.created_at),
    signupUrl: toStringOr(data.signup_url, ''),
    mailRequestedAt: toDate(data.mail_requested_at),
    mailStatus: toMailStatus(data.mail_status),
  }),
);

const invitesCollection = collection(db, 'invites');

/** Newest first; invites stored without a creation time last; then by id, for a stable order. */
function newestFirst(a: Invite, b: Invite): number {
  const time = (b.createdAt?.getTime() ?? -Infinity) - (a.createdAt?.getTime() ?? -Infinity);
  if (time !== 0 && !Number.isNaN(time)) return time;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Follows every pending invite (admins only), newest first. The whole collection is followed and
 * sorted here rather than ordered by the server, which would leave out invites stored without
 * created_at. Returns the unsubscribe function.
 */
export function watchInvites(callback: (invites: Invite[]) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    invitesCollection.withConverter(inviteConverter),
    (snapshot) => callback(snapshot.docs.map((document) => document.data()).sort(newestFirst)),
    onError,
  );
}

/**
 * Creates one invite per address, in one batch (all or none), each under a new auto-id with its
 * absolute signup link `${origin}/signup?c={id}`. `uid` is the creating admin's. Returns the new ids
 * in the order of `emails`.
 */
export async function createInvites(emails: string[], uid: string, origin: string): Promise<string[]> {
  const batch = writeBatch(db);
  const ids = emails.map((email) => {
    const ref = doc(invitesCollection);
    batch.set(ref, {
      email: email.trim(),
      created_by: uid,
      created_at: serverTimestamp(),
      signup_url: `${origin}${paths.signup(ref.id)}`,
    });
    return ref.id;
  });
  await batch.commit();
  return ids;
}

/**
 * Asks the server to e-mail the invite's link ('Send invite', and 'Retry' after a failure): each
 * new mail_requested_at is a new request, which the server's mail reaction serves once.
 */
export async function requestInviteMail(inviteId: string): Promise<void> {
  await updateDoc(doc(invitesCollection, inviteId), { mail_requested_at: serverTimestamp() });
}

/** Deletes the invite: its link stops working. */
export async function revokeInvite(inviteId: string): Promise<void> {
  await deleteDoc(doc(invitesCollection, inviteId));
}
