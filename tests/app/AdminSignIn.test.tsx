// @vitest-environment happy-dom
// The admin sign-in ('Admin Portal') on every admin route, with the real app against the local
// backend and Auth emulator: the spinner while the kept sign-in resolves, Continue's enabling
// rule, 'Incorrect Credentials' for a wrong password or a non-admin account (signed out again),
// an admin let through, and signing out back to a fresh anonymous session that keeps the
// provider's stored profile.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../support/adminAccount';
import { loadFirestoreRules } from '../support/projectRules';
import { renderApp, screen, storeProfile, useAppTestBed } from './support/appTestBed';

const { projectId } = await useAppTestBed();
const auth = await (await import('../../src/db/auth')).getAppAuth();
const { signOut } = await import('firebase/auth');

let admin: TestAccount;
let nonAdmin: TestAccount;

beforeAll(async () => {
  await loadFirestoreRules(projectId);
  [admin, nonAdmin] = await Promise.all([createAccount(projectId), createAccount(projectId, { admin: false })]);
});

afterEach(async () => {
  await signOut(auth);
});

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  return user;
}

describe('the admin routes', () => {
  it.each(['/events', '/events/some-event', '/invite'])(
    'show the Admin Portal at %s to a visitor who is not an admin',
    async (path) => {
      await renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    },
  );

  it('keep Continue disabled while the password is empty', async () => {
    await renderApp('/events');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), admin.email);
    const continueButton = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(continueButton.disabled).toBe(true);
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(continueButton.disabled).toBe(false);
    await user.clear(screen.getByLabelText('Password'));
    expect(continueButton.disabled).toBe(true);
  });

  it("say 'Incorrect Credentials' for a wrong password", async () => {
    await renderApp('/events');
    const user = await fillIn(admin.email, 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Incorrect Credentials', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
  });

  it("say 'Incorrect Credentials' to an account without the admin claim and sign it out", async () => {
    await renderApp('/events');
    const user = await fillIn(nonAdmin.email, nonAdmin.password);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Incorrect Credentials', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(auth.currentUser?.isAnonymous).toBe(true));
    expect(auth.currentUser?.uid).not.toBe(nonAdmin.uid);
  });

  it('let an admin through to the Events Dashboard, with a spinner on Continue while signing in', async () => {
    await renderApp('/events');
    const user = await fillIn(admin.email, admin.password);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    const click = user.click(continueButton);
    expect(await screen.findByLabelText('Signing in')).toBeTruthy();
    await click;
    expect(await screen.findByRole('heading', { name: 'Events Dashboard' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Presenters' })).toBeTruthy();
  });

  it('remember a signed-in admin: a new visit shows a spinner, then the screen, with no sign-in', async () => {
    await renderApp('/events');
    await (await fillIn(admin.email, admin.password)).click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Events Dashboard' }, { timeout: 10_000 });
    document.body.innerHTML = '';
    await renderApp('/invite');
    expect(screen.queryByRole('heading', { name: 'Admin Portal' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it("sign out to the Admin Portal and a fresh anonymous session that keeps the provider's stored profile", async () => {
    storeProfile({ first_name: 'Grace' });
    await renderApp('/events');
    await (await fillIn(admin.email, admin.password)).click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out' }, { timeout: 10_000 }));
    expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeTruthy();
    await waitFor(() => expect(auth.currentUser?.isAnonymous).toBe(true));
    expect(JSON.parse(window.localStorage.getItem('profile') ?? '{}')).toMatchObject({ first_name: 'Grace' });
  });
});
