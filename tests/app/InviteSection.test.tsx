// @vitest-environment happy-dom
// The 'Invite Presenter' section of /invite in the real app, signed in as an admin, against the
// local backend with firestore.rules in force: one e-mail, a pasted list with its problems line by
// line (the valid ones still created), an address that already belongs to a presenter, the
// absolute link and its copy (and the clipboard refused), the QR code and its PNG and SVG
// downloads, Send invite with the server's answer read live (Sent; Failed with Retry), and Revoke.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Timestamp } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storedPresenter } from '../support/fixtures';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
const adminAccount = useSignedInAdmin(projectId, { each: false });

beforeEach(() => {
  // jsdom has no 2D canvas: the QR code is drawn in a real browser only. Its PNG is stubbed here.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,iVBORw0KGgo=');
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function seed() {
  await adminDb()
    .doc('presenters/p-lin')
    .set(storedPresenter({ first_name: 'Lin', last_name: 'Chen', email: 'lin@example.com' }));
  await adminDb()
    .doc('invites/inv-sam')
    .set({
      email: 'sam@example.com',
      created_by: 'someone',
      created_at: Timestamp.fromDate(new Date('2020-01-01T09:00:00Z')),
      signup_url: 'http://localhost:3000/signup?c=inv-sam',
    });
}

/** Opens /invite and waits for the section and the pending invites. */
async function openSection() {
  const user = userEvent.setup();
  await renderApp('/invite');
  await screen.findByRole('heading', { name: 'Invite Presenter' }, { timeout: 10_000 });
  await screen.findByText(/sam@example.com|No pending invites\./, { selector: 'h4, p' }, { timeout: 10_000 });
  await waitFor(() => expect(createButton().hasAttribute('disabled')).toBe(false));
  return user;
}

const createButton = () => screen.getByRole('button', { name: 'Create Invites' });
const emailsField = () => screen.getByLabelText('E-mail addresses') as HTMLTextAreaElement;
const invite = (email: string) => screen.getByRole('listitem', { name: email });
const findInvite = (email: string) => screen.findByRole('listitem', { name: email }, { timeout: 10_000 });

async function storedInvite(email: string) {
  const snapshot = await adminDb().collection('invites').where('email', '==', email).get();
  const document = snapshot.docs[0];
  if (!document) throw new Error(`No invite for ${email}.`);
  return { id: document.id, data: document.data() };
}

async function createOne(user: ReturnType<typeof userEvent.setup>, email: string) {
  await user.type(emailsField(), email);
  await user.click(createButton());
  return findInvite(email);
}

/** The file the next download saves: the link the page clicks. */
function catchDownload(): () => { href: string; download: string } {
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return () => {
    const link = click.mock.contexts.at(-1) as HTMLAnchorElement | undefined;
    if (!link) throw new Error('Nothing was downloaded.');
    return { href: link.href, download: link.download };
  };
}

describe('inviting presenters', () => {
  it('invites one e-mail: the invite is stored with the admin as creator and shows its absolute link', async () => {
    await seed();
    const user = await openSection();
    const item = await createOne(user, 'nia@example.com');

    expect(await screen.findByText('Invite created.')).toBeTruthy();
    expect(emailsField().value).toBe('');
    const { id, data } = await storedInvite('nia@example.com');
    expect(data).toMatchObject({ created_by: adminAccount().uid, signup_url: `${window.location.origin}/signup?c=${id}` });
    const link = within(item).getByRole('textbox', { name: 'Invite link for nia@example.com' }) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/signup?c=${id}`);
    expect(link.value).toMatch(/^http:\/\/[^/]+\/signup\?c=[A-Za-z0-9]{20}$/);
    // Newest first.
    const headings = within(screen.getByRole('list', { name: 'Pending Invites' })).getAllByRole('heading');
    expect(headings.map((heading) => heading.textContent)).toEqual(['nia@example.com', 'sam@example.com']);
  });

  it('creates the valid entries of a pasted list and reports the others line by line', async () => {
    await seed();
    const user = await openSection();
    await user.click(emailsField());
    await user.paste(
      [
        'ada@example.com, nia@example.com',
        'x@',
        '',
        'ADA@example.com',
        'lin@example.com',
        'sam@example.com',
        'omar@example.com',
      ].join('\n'),
    );
    await user.click(createButton());

    const problems = screen.getByRole('alert', { name: 'Not invited' });
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Line 2: "x@" is not a valid e-mail address.',
      'Line 4: ADA@example.com is listed twice.',
      'Line 5: lin@example.com already belongs to a presenter (Lin Chen).',
      'Line 6: an invite for sam@example.com is already pending.',
    ]);
    expect(await screen.findByText('3 invites created.', {}, { timeout: 10_000 })).toBeTruthy();
    for (const email of ['ada@example.com', 'nia@example.com', 'omar@example.com']) expect(await findInvite(email)).toBeTruthy();
    expect((await adminDb().collection('invites').get()).size).toBe(4);
  });

  it('says an address already belongs to a presenter instead of inviting them again', async () => {
    await seed();
    const user = await openSection();
    await user.type(emailsField(), 'Lin@Example.com');
    await user.click(createButton());

    const problems = screen.getByRole('alert', { name: 'Not invited' });
    expect(within(problems).getByRole('listitem').textContent).toBe('Lin@Example.com already belongs to a presenter (Lin Chen).');
    expect((await adminDb().collection('invites').get()).size).toBe(1);
  });

  it('asks for an address when there is none and creates nothing', async () => {
    const user = await openSection();
    await user.click(createButton());
    expect(await screen.findByText('Enter an e-mail address.')).toBeTruthy();
    expect((await adminDb().collection('invites').get()).size).toBe(0);
  });
});

describe('a pending invite', () => {
  it("copies its link and says 'Link copied.'", async () => {
    const user = await openSection();
    const item = await createOne(user, 'nia@example.com');
    const { id } = await storedInvite('nia@example.com');

    await user.click(within(item).getByRole('button', { name: 'Copy link for nia@example.com' }));
    expect(await screen.findByText('Link copied.')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/signup?c=${id}`);
  });

  it('selects the link for copying by hand when the browser refuses the clipboard', async () => {
    const user = await openSection();
    const item = await createOne(user, 'nia@example.com');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));

    await user.click(within(item).getByRole('button', { name: 'Copy link for nia@example.com' }));
    expect(await screen.findByText('Could not copy the link. It is selected: copy it with Ctrl+C (⌘C on a Mac).')).toBeTruthy();
    const link = within(item).getByRole('textbox', { name: 'Invite link for nia@example.com' }) as HTMLInputElement;
    expect(document.activeElement).toBe(link);
    expect([link.selectionStart, link.selectionEnd]).toEqual([0, link.value.length]);
  });

  it('shows a QR code of its link, downloadable as PNG and as SVG', async () => {
    const user = await openSection();
    const item = await createOne(user, 'nia@example.com');

    const qr = within(item).getByRole('img', { name: 'QR code for the invite link for nia@example.com' });
    expect(qr.tagName).toBe('CANVAS');

    const downloaded = catchDownload();
    await user.click(within(item).getByRole('button', { name: 'Download PNG of the QR code for nia@example.com' }));
    expect(downloaded()).toEqual({ href: 'data:image/png;base64,iVBORw0KGgo=', download: 'invite-nia-example.com.png' });

    await user.click(within(item).getByRole('button', { name: 'Download SVG of the QR code for nia@example.com' }));
    const svg = downloaded();
    expect(svg.download).toBe('invite-nia-example.com.svg');
    expect(svg.href.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    const markup = decodeURIComponent(svg.href.slice(svg.href.indexOf(',') + 1));
    expect(markup).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(markup).toContain('<title>QR code for the invite link for nia@example.com</title>');
    expect(markup).toMatch(/<path [^>]*d="M\d/);
  });

  it("sends the invite e-mail and shows the server's answer live: Sent, or Failed with the reason and Retry", async () => {
    const user = await openSection();
    const item = await createOne(user, 'nia@example.com');
    const mail = () => within(item).getByRole('status', { name: 'E-mail to nia@example.com' });
    expect(mail().textContent).toBe('Not sent yet');

    await user.click(within(item).getByRole('button', { name: 'Send invite to nia@example.com' }));
    await waitFor(() => expect(mail().textContent).toBe('Waiting to send…'));
    const { id } = await storedInvite('nia@example.com');
    let requestAt: Timestamp | undefined;
    await waitFor(async () => {
      requestAt = (await storedInvite('nia@example.com')).data.mail_requested_at as Timestamp | undefined;
      expect(requestAt).toBeInstanceOf(Timestamp);
    });
    const ref = adminDb().doc(`invites/${id}`);

    await ref.update({ mail_status: { state: 'sending', at: Timestamp.now(), request_at: requestAt, attempts: 1 } });
    await waitFor(() => expect(mail().textContent).toBe('Sending…'), { timeout: 8_000 });
    await ref.update({
      mail_status: { state: 'sent', at: Timestamp.now(), request_at: requestAt, attempts: 1, message_id: '<m1>' },
    });
    await waitFor(() => expect(mail().textContent).toBe('Sent'), { timeout: 8_000 });
    expect(within(item).queryByRole('button', { name: /Send invite|Retry/ })).toBeNull();

    await ref.update({
      mail_status: { state: 'failed', at: Timestamp.now(), request_at: requestAt, attempts: 3, reason: '550 No such user' },
    });
    await waitFor(() => expect(mail().textContent).toBe('Failed: 550 No such user'), { timeout: 8_000 });
    await user.click(within(item).getByRole('button', { name: 'Retry the invite to nia@example.com' }));
    await waitFor(() => expect(mail().textContent).toBe('Waiting to send…'));
    await waitFor(async () => {
      const retried = (await ref.get()).data()?.mail_requested_at as Timestamp;
      expect(retried.toMillis()).toBeGreaterThan(requestAt?.toMillis() ?? Infinity);
    });
  });

  it("is revoked after 'Revoke Invite' is confirmed, and leaves the list", async () => {
    await seed();
    const user = await openSection();
    await user.click(within(invite('sam@example.com')).getByRole('button', { name: 'Revoke the invite for sam@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke Invite' });
    expect(within(dialog).getByText('Revoke the invite for sam@example.com? Its link will stop working.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Invite revoked.', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'sam@example.com' })).toBeNull());
    expect(screen.getByText('No pending invites.')).toBeTruthy();
    expect((await adminDb().doc('invites/inv-sam').get()).exists).toBe(false);
  });
});
