// @vitest-environment happy-dom
// An admin sign-in that fails for another reason than the credentials (no route to the sign-in
// service): the spec's 'An error occurred. Please try again.', and the form stays as typed.

import { cleanup } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { authEmulator } from '../support/emulators';
import { startNetworkProxy } from './support/networkProxy';
import { pointAppAt, renderApp, screen } from './support/appTestBed';

const authNetwork = await startNetworkProxy(authEmulator());
authNetwork.cutOff({ refuse: true });
pointAppAt('app-admin-sign-in-failure', { auth: authNetwork.address });

afterAll(() => authNetwork.close());
afterEach(cleanup);

describe('signing in as an admin without a network', () => {
  it("shows 'An error occurred. Please try again.' and keeps what was typed", async () => {
    const user = userEvent.setup();
    await renderApp('/events');
    await user.type(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), 'admin@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('An error occurred. Please try again.', {}, { timeout: 15_000 })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('admin@example.edu');
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
