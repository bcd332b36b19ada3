// The invite e-mail reaction against a real SMTP server (smtp-server, mails read back with
// mailparser) and firebase-admin on the local backend: one mail per request with the signup link,
// its outcome on the invite, retries, failures, concurrent runners and the Cloud Function's handler.

import { Timestamp, FieldValue, type Firestore } from 'firebase-admin/firestore';
import functionsTest from 'firebase-functions-test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendInviteMail } from '../../functions/src/invites/sendInviteMail';
import { createMailer, type Mailer } from '../../functions/src/mail/transport';
import type { RunningBackend } from '../../backend/src/server';
import { openAdminDb, type AdminDb } from '../db/appDb';
import { resetFirestore, uniqueProjectId } from '../support/emulators';
import { closedPort, startSmtpCatcher, type SmtpCatcher } from '../support/smtpCatcher';
import { setMailParams } from './reactionFixtures';

const ORGANISATION = 'Northfield Polytechnic Innovation Office';
const SUBJECT = `You are invited to present at ${ORGANISATION}`;
const INVITEE = 'ada.okafor@example.com';

const mailerFor = (port: number): Mailer =>
  createMailer({ host: '127.0.0.1', port, secure: false, from: 'innovation@example.edu', organisation: ORGANISATION });

let backend: RunningBackend | undefined;
let projectId: string;
let admin: AdminDb;
let db: Firestore;
const cleanups: (() => Promise<void> | void)[] = [];

beforeAll(async () => {
  // The suite's backend when the environment names one (globalSetup, or the official
  // emulators); otherwise this file's own.
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    process.env.METADATA_SERVER_DETECTION ??= 'none';
    const { startBackend } = await import('../../backend/src/server');
    const { projectIndexes } = await import('../support/projectIndexes');
    backend = await startBackend({ firestorePort: 0, storagePort: 0, indexes: projectIndexes() });
    process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${backend.firestorePort}`;
  }
  projectId = uniqueProjectId('invite-mail');
  admin = openAdminDb(projectId);
  db = admin.db;
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await resetFirestore(projectId);
});

afterAll(async () => {
  await admin.close();
  await backend?.close();
});

async function smtp(port?: number): Promise<SmtpCatcher> {
  const catcher = await startSmtpCatcher(port);
  cleanups.push(() => catcher.close());
  return catcher;
}

function mailer(port: number): Mailer {
  const made = mailerFor(port);
  cleanups.push(() => made.close());
  return made;
}

/** An invite as the admin client creates it, with its e-mail requested ('Send invite'). */
async function requestedInvite(): Promise<string> {
  const ref = db.collection('invites').doc();
  await ref.set({
    email: INVITEE,
    created_by: 'admin-uid',
    created_at: FieldValue.serverTimestamp(),
    signup_url: `http://127.0.0.1:5173/signup?c=${ref.id}`,
    mail_requested_at: FieldValue.serverTimestamp(),
  });
  return ref.id;
}

/** What the admin client writes on 'Retry' or 'Send invite' again. */
async function requestAgain(inviteId: string): Promise<void> {
  await db.collection('invites').doc(inviteId).update({ mail_requested_at: FieldValue.serverTimestamp() });
}

async function invite(inviteId: string) {
  const data = (await db.collection('invites').doc(inviteId).get()).data();
  if (!data) throw new Error(`invites/${inviteId} is gone`);
  return data;
}

describe('sendInviteMail', () => {
  it('mails the signup link once to the invitee, in HTML and text, and records it as sent', async () => {
    const catcher = await smtp();
    const inviteId = await requestedInvite();

    const outcome = await sendInviteMail(db, inviteId, mailer(catcher.port));

    const link = `http://127.0.0.1:5173/signup?c=${inviteId}`;
    expect(catcher.mails).toHaveLength(1);
    const [mail] = catcher.mails;
    expect(mail?.subject).toBe(SUBJECT);
    expect(mail?.to).toMatchObject({ value: [{ address: INVITEE }] });
    expect(mail?.from).toMatchObject({ value: [{ address: 'innovation@example.edu', name: ORGANISATION }] });
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.html).toContain('Sign up to present');
    expect(mail?.text).toContain(link);

    const stored = await invite(inviteId);
    expect(stored.mail_status).toEqual({
      state: 'sent',
      at: expect.any(Timestamp),
      request_at: stored.mail_requested_at,
      attempts: 1,
      message_id: mail?.messageId,
    });
    expect(outcome).toEqual({ state: 'sent', email: INVITEE, attempts: 1, messageId: mail?.messageId });
  });

  it('sends nothing more when it runs again for the same request', async () => {
    const catcher = await smtp();
    const inviteId = await requestedInvite();
    const sender = mailer(catcher.port);

    await sendInviteMail(db, inviteId, sender);
    const before = await invite(inviteId);
    const again = await sendInviteMail(db, inviteId, sender);

    expect(again).toEqual({ state: 'skipped' });
    expect(catcher.mails).toHaveLength(1);
    expect((await invite(inviteId)).mail_status).toEqual(before.mail_status);
  });

  it('sends once when two runners take the same request at the same time', async () => {
    const catcher = await smtp();
    const inviteId = await requestedInvite();
    const other = openAdminDb(projectId);
    cleanups.push(() => other.close());

    const outcomes = await Promise.all([
      sendInviteMail(db, inviteId, mailer(catcher.port)),
      sendInviteMail(other.db, inviteId, mailer(catcher.port)),
    ]);

    expect(outcomes.map((outcome) => outcome.state).sort()).toEqual(['sent', 'skipped']);
    expect(catcher.mails).toHaveLength(1);
    expect((await invite(inviteId)).mail_status).toMatchObject({ state: 'sent', attempts: 1 });
  });

  it('sends again for a later request', async () => {
    const catcher = await smtp();
    const inviteId = await requestedInvite();
    const sender = mailer(catcher.port);
    await sendInviteMail(db, inviteId, sender);

    await requestAgain(inviteId);
    await sendInviteMail(db, inviteId, sender);

    expect(catcher.mails).toHaveLength(2);
    const stored = await invite(inviteId);
    expect(stored.mail_status).toMatchObject({ state: 'sent', message_id: catcher.mails[1]?.messageId });
    expect((stored.mail_status.request_at as Timestamp).isEqual(stored.mail_requested_at as Timestamp)).toBe(true);
  });

  it('tries again when the SMTP server refuses the first attempt, and records the second as sent', async () => {
    const catcher = await smtp();
    catcher.refuse(1);
    const inviteId = await requestedInvite();

    await sendInviteMail(db, inviteId, mailer(catcher.port));

    expect(catcher.mails).toHaveLength(1);
    expect((await invite(inviteId)).mail_status).toMatchObject({
      state: 'sent',
      attempts: 2,
      message_id: catcher.mails[0]?.messageId,
    });
  });

  it('records the failure and its reason when the SMTP server is down, and sends on a later request once it is up', async () => {
    const port = await closedPort();
    const sender = mailer(port);
    const inviteId = await requestedInvite();

    const outcome = await sendInviteMail(db, inviteId, sender);

    expect(outcome).toMatchObject({ state: 'failed', attempts: 3 });
    const failed = (await invite(inviteId)).mail_status;
    expect(failed).toMatchObject({ state: 'failed', attempts: 3, reason: expect.stringContaining('ECONNREFUSED') });
    expect(failed).not.toHaveProperty('message_id');

    const catcher = await smtp(port);
    await requestAgain(inviteId);
    await sendInviteMail(db, inviteId, sender);

    expect(catcher.mails).toHaveLength(1);
    expect((await invite(inviteId)).mail_status).toMatchObject({ state: 'sent', attempts: 1 });
    expect((await invite(inviteId)).mail_status).not.toHaveProperty('reason');
  });

  it('does nothing for an invite whose e-mail was never requested, or that is gone', async () => {
    const catcher = await smtp();
    const ref = db.collection('invites').doc();
    await ref.set({ email: INVITEE, signup_url: `http://127.0.0.1:5173/signup?c=${ref.id}` });

    expect(await sendInviteMail(db, ref.id, mailer(catcher.port))).toEqual({ state: 'skipped' });
    expect(await sendInviteMail(db, 'no-such-invite', mailer(catcher.port))).toEqual({ state: 'skipped' });
    expect(catcher.mails).toHaveLength(0);
    expect(await invite(ref.id)).not.toHaveProperty('mail_status');
  });
});

describe('the onInviteWritten Cloud Function (wrapped with firebase-functions-test)', () => {
  const functions = functionsTest({ projectId });
  afterAll(() => functions.cleanup());

  it('sends a requested invite with the settings of its params, and ignores its own writes', async () => {
    const catcher = await smtp();
    setMailParams(projectId, catcher.port, { from: 'innovation@example.edu', organisation: ORGANISATION });
    const onInviteWritten = functions.wrap((await import('../../functions/src/index')).onInviteWritten);
    const deliver = async (inviteId: string) => {
      const after = await db.collection('invites').doc(inviteId).get();
      await onInviteWritten({ params: { inviteId }, data: functions.makeChange(after, after) });
    };
    const inviteId = await requestedInvite();

    await deliver(inviteId);
    await deliver(inviteId);

    expect(catcher.mails).toHaveLength(1);
    expect(catcher.mails[0]?.subject).toBe(SUBJECT);
    expect((await invite(inviteId)).mail_status).toMatchObject({ state: 'sent', attempts: 1 });
  });
});
