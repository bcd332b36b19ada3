// @vitest-environment jsdom
// (jsdom, not happy-dom as the other component tests: happy-dom names a button inside the consent
// checkbox's label by that label, where a browser gives it its own text, "Privacy Policy".)
// The profile form in the real app against the local backend: the fields and their rules, the
// Privacy Policy, saving (toast, then the presenters after 2 s), what was typed brought back after
// the page reloads, and a save that hangs on a dead network (the notice after 30 s).

import { act, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signOut } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../db/appDb';
import { renderApp, screen, storeProfile, useAppTestBed } from './support/appTestBed';

const { adminDb, network } = await useAppTestBed();

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /Save/ }) as HTMLButtonElement;

async function fillValidProfile(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First Name'), 'Grace');
  await user.type(field('Last Name'), 'Hopper');
  await user.type(field('Email'), 'grace@example.com');
  await user.type(field('Company Name'), 'Navy Labs');
  await user.type(field('Phone Number'), '5550100123');
  await user.click(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }));
}

describe('the profile form', () => {
  it('has every field, with Save disabled until the form is complete', async () => {
    const user = userEvent.setup();
    await renderApp('/profile');
    await waitFor(() => expect(field('First Name').disabled).toBe(false));
    expect(saveButton().disabled).toBe(true);
    await fillValidProfile(user);
    expect(saveButton().disabled).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }));
    expect(saveButton().disabled).toBe(true);
  });

  it('formats ten typed digits as (###) ###-#### and rejects other phone numbers', async () => {
    const user = userEvent.setup();
    await renderApp('/profile');
    await waitFor(() => expect(field('Phone Number').disabled).toBe(false));
    await user.type(field('Phone Number'), '5550100123');
    expect(field('Phone Number').value).toBe('(555) 010-0123');
    await user.clear(field('Phone Number'));
    await user.type(field('Phone Number'), '555010');
    await user.tab();
    expect(screen.getByText('Please enter a valid Phone Number')).toBeTruthy();
  });

  it('tells the provider when the e-mail is not valid and when a required field is empty', async () => {
    const user = userEvent.setup();
    await renderApp('/profile');
    await waitFor(() => expect(field('Email').disabled).toBe(false));
    await user.type(field('Email'), 'grace@example');
    await user.tab();
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    await user.click(field('First Name'));
    await user.tab();
    const firstName = field('First Name');
    expect(document.getElementById(firstName.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Required');
    expect(firstName.getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().disabled).toBe(true);
  });

  it('starts the anonymous sign-in as soon as the visitor taps into the form, before Save', async () => {
    // The app's own Auth (imported here, once the test bed has pointed the app at the emulators).
    const { startedAuth } = await import('../../src/db/auth');
    const auth = startedAuth();
    if (auth) await signOut(auth);
    const user = userEvent.setup();
    await renderApp('/profile');
    await waitFor(() => expect(field('First Name').disabled).toBe(false));
    expect(startedAuth()?.currentUser ?? null).toBeNull();
    await user.click(field('First Name'));
    await eventually(() => expect(startedAuth()?.currentUser?.isAnonymous).toBe(true));
  });

  it('opens the Privacy Policy with the privacy statement and contact details, without ticking the box', async () => {
    const user = userEvent.setup();
    await renderApp('/profile');
    await user.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Privacy Policy' });
    expect(dialog.textContent).toContain('Privacy statement');
    expect(dialog.textContent).toContain('Contact details');
    expect(dialog.textContent).toContain('innovation@example.edu');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }) as HTMLInputElement).checked).toBe(false);
  });

  it('saves the profile, confirms it, and opens the presenters 2 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const app = await renderApp('/profile');
    await waitFor(() => expect(field('First Name').disabled).toBe(false));
    await fillValidProfile(user);
    await user.click(saveButton());
    expect(await screen.findByText('Profile saved successfully!', {}, { timeout: 8000 })).toBeTruthy();
    expect(app.location()).toBe('/profile');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    await eventually(() => expect(app.location()).toBe('/presenters'));

    const stored = JSON.parse(window.localStorage.getItem('profile') ?? '{}');
    expect(stored).toMatchObject({ first_name: 'Grace', email: 'grace@example.com', phone: '(555) 010-0123' });
    const document = await adminDb().doc(`providers/${stored.user_id}`).get();
    expect(document.data()).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
      company: 'Navy Labs',
      phone: '(555) 010-0123',
      terms_accepted: true,
    });
  });

  it('brings back what was typed and not yet saved after the page reloads, until it is saved', async () => {
    const user = userEvent.setup();
    const first = await renderApp('/profile');
    await waitFor(() => expect(field('First Name').disabled).toBe(false));
    await user.type(field('First Name'), 'Grace');
    await user.type(field('Company Name'), 'Navy Labs');
    // The page goes (the app reloading itself for a new version) and comes back in the same tab.
    first.unmount();
    await renderApp('/profile');

    await waitFor(() => expect(field('First Name').value).toBe('Grace'));
    expect(field('Company Name').value).toBe('Navy Labs');
    expect(field('Last Name').value).toBe('');
    await user.type(field('Last Name'), 'Hopper');
    await user.type(field('Email'), 'grace@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }));
    await user.click(saveButton());
    expect(await screen.findByText('Profile saved successfully!', {}, { timeout: 8000 })).toBeTruthy();
    expect(JSON.parse(window.localStorage.getItem('profile') ?? '{}')).toMatchObject({
      first_name: 'Grace',
      company: 'Navy Labs',
    });
    // Saved: nothing is kept to come back a second time.
    expect(window.sessionStorage.getItem('drafts')).toBeNull();
  });

  it('fills the form in with the saved profile for a returning provider', async () => {
    storeProfile({ first_name: 'Ada', company: 'Engines Ltd' });
    await renderApp('/profile');
    await waitFor(() => expect(field('First Name').value).toBe('Ada'));
    expect(field('Company Name').value).toBe('Engines Ltd');
    expect((screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }) as HTMLInputElement).checked).toBe(true);
  });

  it('keeps saving on a dead network, says so after 30 seconds, and finishes when it comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderApp('/profile');
    await waitFor(() => expect(field('First Name').disabled).toBe(false));
    await fillValidProfile(user);
    network.cutOff();
    await user.click(saveButton());
    expect(screen.getByLabelText('Saving')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000);
    });
    expect(screen.queryByText(/Profile saving is taking longer than expected/)).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(
      screen.getByText('Profile saving is taking longer than expected. Please check your internet connection.'),
    ).toBeTruthy();
    network.restore();
    // The SDK retries with a growing back-off; let that time pass.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    expect(await screen.findByText('Profile saved successfully!', {}, { timeout: 20_000 })).toBeTruthy();
  }, 40_000);
});
