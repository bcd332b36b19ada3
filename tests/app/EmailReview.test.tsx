// @vitest-environment happy-dom
// Send Emails' recipients review on the control screen, with the real app signed in as an admin,
// firestore.rules in force, and the Cloud Functions in the Functions emulator answering and sending
// to a real SMTP catcher:
// the dialog lists the presenters and providers who get an e-mail and how many, who was left out
// and why, and one e-mail of each kind; the admin unticks an address with the keyboard alone, and
// the run sends exactly the ticked list.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { storedEvent } from '../db/appDb';
import { startReactions, type Reactions } from '../support/reactions';
import { addressOf } from '../support/smtpCatcher';
import { ratedResults } from './support/finalMatches';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb } = await useAppTestBed();
useSignedInAdmin(projectId, { each: true });

const ada = { presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' };
const lin = { presenter_id: 'p-lin', first_name: 'Lin', last_name: 'Chen' };

let worker: Reactions | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

async function seed(): Promise<void> {
  const batch = adminDb().batch();
  batch.set(adminDb().doc('events/medtech'), storedEvent({ rounds: { round_1: [ada, lin] } }));
  for (const [path, data] of Object.entries(ratedResults('medtech'))) batch.set(adminDb().doc(path), data);
  await batch.commit();
  worker = await startReactions(projectId, { from: 'innovation@example.edu', organisation: 'Northfield Innovation Office' });
}

async function openReview() {
  await renderApp('/events/medtech');
  await screen.findByRole('heading', { name: 'Manage Presenters' }, { timeout: 10_000 });
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Send Emails' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send Emails' });
  await within(dialog).findByText('Presenters (2)', {}, { timeout: 20_000 });
  return { user, dialog };
}

describe("Send Emails' recipients review", () => {
  it('lists who gets an e-mail and how many, who is left out and why, and one e-mail of each kind', async () => {
    await seed();
    const { dialog } = await openReview();

    expect(within(dialog).getByText('Are you sure you want to send emails?')).toBeTruthy();
    expect(dialog.textContent).toContain('2 presenters and 2 providers get an e-mail; 4 e-mails are ticked to send.');
    expect(dialog.textContent).toContain('This event may send at most 4 (2 providers who rated + 2 presenters).');
    const presenters = within(dialog).getByRole('group', { name: 'Presenters (2)' });
    expect(within(presenters).getByRole('checkbox', { name: 'Ada Okafor <ada@startup.example>' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(presenters).getByRole('checkbox', { name: 'Lin Chen <lin@startup.example>' })).toHaveProperty('checked', true);
    const providers = within(dialog).getByRole('group', { name: 'Providers (2)' });
    expect(within(providers).getAllByRole('checkbox')).toEqual([
      within(providers).getByRole('checkbox', { name: 'Kim Park <kim@partner.example>' }),
      within(providers).getByRole('checkbox', { name: 'Lee Moreau <lee@partner.example>' }),
    ]);
    const leftOut = within(dialog).getByRole('region', { name: 'Left out' });
    expect(leftOut.textContent).toContain(
      'Max Mustermann <max@stranger.example>: No profile with this address rated a presenter of this event.',
    );
    const presenterMail = within(dialog).getByRole('region', { name: "A presenter's e-mail" });
    expect(presenterMail.textContent).toContain('To: ada@startup.example');
    expect(presenterMail.textContent).toContain('Subject: Your matches from Med-Tech Pitch Session');
    expect(within(presenterMail).getByLabelText("A presenter's e-mail: text").textContent).toContain('Kim Park');
    const providerMail = within(dialog).getByRole('region', { name: "A provider's e-mail" });
    expect(providerMail.textContent).toContain('To: kim@partner.example');
    // The review sends nothing.
    expect(worker?.smtp.mails).toEqual([]);
  });

  it('sends exactly the ticked list after an address is unticked with the keyboard', async () => {
    await seed();
    const { user, dialog } = await openReview();
    const lee = within(dialog).getByRole('checkbox', { name: 'Lee Moreau <lee@partner.example>' });
    lee.focus();
    await user.keyboard(' ');
    expect(lee).toHaveProperty('checked', false);
    expect(dialog.textContent).toContain('3 e-mails are ticked to send.');

    within(dialog).getByRole('button', { name: 'Send Emails' }).focus();
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Started emailing...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText(/^E-mails: done at .* \(sent: 3, failed: 0, total: 3, left out: 2\)$/, {}, { timeout: 20_000 }),
    ).toBeTruthy();
    expect(worker?.smtp.mails.map(addressOf).sort()).toEqual([
      'ada@startup.example',
      'kim@partner.example',
      'lin@startup.example',
    ]);
  });

  it('keeps Send off, saying why, while the ticked list is empty', async () => {
    await seed();
    const { user, dialog } = await openReview();
    for (const box of within(dialog).getAllByRole('checkbox')) await user.click(box);
    expect(within(dialog).getByText('Nobody is ticked: nothing would be sent.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send Emails' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((await adminDb().doc('events/medtech').get()).get('is_emailing')).toBe(false);
  });
});
