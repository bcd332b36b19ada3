// @vitest-environment jsdom
// (jsdom, not happy-dom as the other component tests: happy-dom names a button inside the consent
// checkbox's label by that label, where a browser gives it its own text, "Privacy Policy".)
// Presenter signup (/signup?c=...) in the real app against the local backend with
// firestore.rules in force: every state of the invite check, the form with the invite's e-mail,
// its rules and the Privacy Policy, a signup (toast, stored presenter, invite gone, / after 2 s),
// a refused signup, and the presenter who opens their used link again.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { storedNiaSignup } from '../support/fixtures';
import { loadFirestoreRules } from '../support/projectRules';
import { renderApp, screen, useAppTestBed } from './support/appTestBed';

const { projectId, adminDb, network } = await useAppTestBed();

const INVITE = 'inv-nia';
const link = `/signup?c=${INVITE}`;

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /Save/ }) as HTMLButtonElement;
const termsBox = () => screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }) as HTMLInputElement;
const helperOf = (input: HTMLInputElement) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

/** Opens the link and waits for the form. */
async function openForm(path = link) {
  const app = await renderApp(path);
  await screen.findByText('Please complete the following information to join the event.', {}, { timeout: 10_000 });
  return app;
}

async function fillValidSignup(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First Name'), 'Nia');
  await user.type(field('Last Name'), 'Addo');
  await user.type(field('Company Name'), 'CardioNest');
  await user.type(field('Website'), 'https://cardionest.example.com');
  await user.type(field('Phone Number'), '5550100042');
  await user.click(termsBox());
}

/** The app's visitor on this device, signed in anonymously as the app does. */
async function visitorUid(): Promise<string> {
  const { ensureSignedIn } = await import('../../src/db/session');
  return (await ensureSignedIn()).uid;
}

beforeAll(async () => {
  await loadFirestoreRules(projectId);
});

beforeEach(async () => {
  // Each test is a visitor on a device of their own.
  const auth = await (await import('../../src/db/auth')).getAppAuth();
  await auth.signOut();
  await adminDb()
    .doc(`invites/${INVITE}`)
    .set({ email: 'nia@example.com', signup_url: `http://localhost${link}` });
});

describe('the invite check', () => {
  it("says 'Invalid invite link.' for a link without c", async () => {
    await renderApp('/signup');
    expect(screen.getByRole('heading', { name: 'Presenter Signup' })).toBeTruthy();
    expect(screen.getByText('Invalid invite link.')).toBeTruthy();
    expect(screen.queryByLabelText('First Name', { exact: false })).toBeNull();
    expect(screen.getByRole('navigation')).toBeTruthy();
  });

  it("says 'Invite does not exist.' for an unknown invite, that a used one cannot be opened again, and whom to contact", async () => {
    await renderApp('/signup?c=inv-made-up');
    expect(await screen.findByText('Invite does not exist.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/can be used only once/).textContent).toContain('contact the organisers');
    expect(screen.getByRole('link', { name: 'innovation@example.edu' }).getAttribute('href')).toBe(
      'mailto:innovation@example.edu',
    );
    expect(screen.queryByLabelText('First Name', { exact: false })).toBeNull();
  });

  it("says 'Invite check failed' when the server cannot be reached, and checks again on Try again", async () => {
    const user = userEvent.setup();
    network.cutOff({ refuse: true });
    await renderApp(link);
    expect(await screen.findByText('Invite check failed', {}, { timeout: 20_000 })).toBeTruthy();
    network.restore();
    // As a visitor would: Try again until the phone is back in touch with the server.
    await waitFor(
      async () => {
        const retry = screen.queryByRole('button', { name: 'Try again' });
        if (retry) await user.click(retry);
        expect(screen.getByLabelText('First Name', { exact: false })).toBeTruthy();
      },
      { timeout: 45_000, interval: 1_000 },
    );
  }, 60_000);
});

describe('the signup form', () => {
  it("shows every field with the invite's e-mail, read-only, and Save disabled until the form is complete", async () => {
    const user = userEvent.setup();
    await openForm();
    expect(screen.getByRole('heading', { name: 'Presenter Signup' })).toBeTruthy();
    const email = field('Email');
    expect(email.value).toBe('nia@example.com');
    expect(email.readOnly).toBe(true);
    expect(helperOf(email)).toBe('The e-mail address your invite was sent to.');
    expect(saveButton().disabled).toBe(true);

    await fillValidSignup(user);
    expect(saveButton().disabled).toBe(false);
    await user.click(termsBox());
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByText('Please agree to the Privacy Policy')).toBeTruthy();
  });

  it('asks for the required fields, a web address and a formatted phone number', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.click(field('First Name'));
    await user.tab();
    expect(helperOf(field('First Name'))).toBe('Required');
    expect(field('First Name').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Website'), 'cardionest.example.com');
    await user.tab();
    expect(helperOf(field('Website'))).toBe('Please enter a web address starting with http:// or https://');

    await user.type(field('Phone Number'), '555010');
    await user.tab();
    expect(helperOf(field('Phone Number'))).toBe('Please enter a valid Phone Number');
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '5550100042');
    expect(field('Phone Number').value).toBe('(555) 010-0042');
    expect(helperOf(field('Phone Number'))).toBe('Optional. (###) ###-####');
    expect(saveButton().disabled).toBe(true);
  });

  it('opens the Privacy Policy without ticking the box', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(dialog.textContent).toContain('Privacy statement');
    expect(dialog.textContent).toContain('innovation@example.edu');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(termsBox().checked).toBe(false);
  });
});

describe('signing up', () => {
  it("stores the presenter, uses up the invite, says 'Completed signup.' at the top centre and opens / after 2 seconds", async () => {
    const user = userEvent.setup();
    const app = await openForm();
    await fillValidSignup(user);
    await user.click(saveButton());

    const toast = await screen.findByText('Completed signup.', {}, { timeout: 10_000 });
    expect(toast.closest('.Toastify__toast-container')?.className).toContain('top-center');
    expect(app.location()).toBe('/signup');
    await waitFor(() => expect(app.location()).toBe('/'), { timeout: 5_000 });

    const uid = await visitorUid();
    expect((await adminDb().doc(`presenters/${uid}`).get()).data()).toEqual(storedNiaSignup(INVITE));
    expect((await adminDb().doc(`invites/${INVITE}`).get()).exists).toBe(false);

    // Back on the link: signed up, with the way on.
    await app.router.navigate(link);
    expect(await screen.findByText('You are signed up as Nia Addo.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Presenter Queue' }).getAttribute('href')).toBe('/presenters');
    expect(screen.getByRole('link', { name: 'Session Results' }).getAttribute('href')).toBe('/results');
  });

  it("says 'Could not complete signup.' when the invite was withdrawn meanwhile, and keeps the form", async () => {
    const user = userEvent.setup();
    const app = await openForm();
    await fillValidSignup(user);
    await adminDb().doc(`invites/${INVITE}`).delete();
    await user.click(saveButton());

    expect(await screen.findByText('Could not complete signup.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(field('First Name').value).toBe('Nia');
    expect(saveButton().disabled).toBe(false);
    expect(app.location()).toBe('/signup');
    expect((await adminDb().collection('presenters').get()).empty).toBe(true);
  });

  it('tells a presenter who signed up on this device who they are when they open their used link', async () => {
    const uid = await visitorUid();
    await adminDb().doc(`invites/${INVITE}`).delete();
    await adminDb()
      .doc(`presenters/${uid}`)
      .set({ first_name: 'Nia', last_name: 'Addo', email: 'nia@example.com', company: 'CardioNest', invite_id: INVITE });

    await renderApp(link);
    expect(await screen.findByText('You are signed up as Nia Addo.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText('Invite does not exist.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Presenter Queue' })).toBeTruthy();
  });
});
