// @vitest-environment happy-dom
// A profile that cannot be saved: a first visit with no route to the sign-in service. The
// provider gets the spec's warning, and the form stays as typed.

import { cleanup, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { authEmulator } from '../support/emulators';
import { startNetworkProxy } from './support/networkProxy';
import { pointAppAt, renderApp, screen } from './support/appTestBed';

const authNetwork = await startNetworkProxy(authEmulator());
authNetwork.cutOff({ refuse: true });
pointAppAt('app-profile-failure', { auth: authNetwork.address });

afterAll(() => authNetwork.close());
afterEach(cleanup);

describe('saving the profile without a network', () => {
  it("shows the warning 'An error occurred while saving your profile.' and keeps the typed values", async () => {
    const user = userEvent.setup();
    await renderApp('/profile');
    const firstName = (await screen.findByLabelText('First Name', { exact: false })) as HTMLInputElement;
    await waitFor(() => expect(firstName.disabled).toBe(false), { timeout: 10_000 });
    await user.type(firstName, 'Grace');
    await user.type(screen.getByLabelText('Last Name', { exact: false }), 'Hopper');
    await user.type(screen.getByLabelText('Email', { exact: false }), 'grace@example.com');
    await user.type(screen.getByLabelText('Company Name', { exact: false }), 'Navy Labs');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Privacy Policy' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText('An error occurred while saving your profile.', {}, { timeout: 10_000 });
    expect(message.closest('[role="alert"]')?.className).toContain('warning');
    expect(firstName.value).toBe('Grace');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
