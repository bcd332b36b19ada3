// @vitest-environment happy-dom
// Presenter management (/invite) in the real app, signed in as an admin, against the local backend
// with firestore.rules in force: the form's messages, adding, editing (the heading, the filled
// form, the rename in the events' rounds), 'Confirm Delete', the LinkedIn link, the favourite
// questions' loading and failure, and every success and failure toast of the spec's section 8.

import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, storedEvent } from '../db/appDb';
import { firestoreEmulator } from '../support/emulators';
import { storedPresenter } from '../support/fixtures';
import { loadFirestoreRules } from '../support/projectRules';
import { renderApp, screen, useAppTestBed, useSignedInAdmin } from './support/appTestBed';

const { projectId, adminDb, network } = await useAppTestBed();
useSignedInAdmin(projectId, { each: false });

const ada = storedPresenter({ profile_url: '', favourites: ['q2'] });
const lin = { ...ada, first_name: 'Lin', last_name: 'Chen', email: 'lin@startup.example', linkedin_url: '', favourites: [] };

async function seed() {
  const db = adminDb();
  await db.doc('presenters/p-ada').set(ada);
  await db.doc('presenters/p-lin').set(lin);
  await db.doc('questions/q1').set({ question_number: 1, type: 'stars', title: 'Funding', questions: '', question: '' });
  await db.doc('questions/q2').set({ question_number: 2, type: 'stars', title: 'Regulatory', questions: '', question: '' });
}

/** Opens /invite and waits for the form (and, unless the server refuses it, the list). */
async function openScreen({ withList = true } = {}) {
  await renderApp('/invite');
  await screen.findByRole('heading', { name: 'Add New Presenter' }, { timeout: 10_000 });
  if (withList) await screen.findByRole('list', { name: 'All Presenters' }, { timeout: 10_000 });
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
const list = () => screen.getByRole('list', { name: 'All Presenters' });
const stored = async (path: string) => (await adminDb().doc(path).get()).data();

describe('presenter management', () => {
  it("adds a presenter, verified, with a formatted phone and favourite questions, and says 'Presenter added successfully.'", async () => {
    await seed();
    const user = await openScreen();
    await user.type(field('First Name'), 'Nia');
    await user.type(field('Last Name'), 'Addo');
    await user.type(field('Email'), 'nia@cardionest.example');
    await user.type(field('Company Name'), 'CardioNest');
    await user.type(field('Phone Number'), '5550100042');
    expect(field('Phone Number').value).toBe('(555) 010-0042');
    await user.type(field('Photo URL'), 'https://cdn.example.com/nia.jpg');
    await user.click(await screen.findByRole('checkbox', { name: 'Funding' }));
    await user.click(screen.getByRole('button', { name: 'Add Presenter' }));

    expect(await screen.findByText('Presenter added successfully.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await within(list()).findByText('Nia Addo')).toBeTruthy();
    expect(field('First Name').value).toBe('');
    const snapshot = await adminDb().collection('presenters').where('email', '==', 'nia@cardionest.example').get();
    expect(snapshot.docs[0]?.data()).toMatchObject({
      first_name: 'Nia',
      company: 'CardioNest',
      phone: '(555) 010-0042',
      profile_url: 'https://cdn.example.com/nia.jpg',
      favourites: ['q1'],
      verified: true,
      status: 'Up Next',
    });
  });

  it("says 'Please fill in the first name, last name, and email.', then 'Please enter a valid email.', and saves nothing", async () => {
    await seed();
    const user = await openScreen();
    await user.click(screen.getByRole('button', { name: 'Add Presenter' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in the first name, last name, and email.');
    expect(document.activeElement).toBe(field('First Name'));
    expect(field('Last Name').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('First Name'), 'Nia');
    await user.type(field('Last Name'), 'Addo');
    await user.type(field('Email'), 'nia@cardionest');
    await user.click(screen.getByRole('button', { name: 'Add Presenter' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email.');
    expect(document.activeElement).toBe(field('Email'));

    await user.type(field('Email'), '.example');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((await adminDb().collection('presenters').get()).size).toBe(2);
  });

  it("fills the form to edit, heads it 'Edit Presenter', renames the presenter in the events' rounds and says 'Presenter updated successfully.'", async () => {
    await seed();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ rounds: { round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }] } }));
    const user = await openScreen();
    await user.click(await within(list()).findByRole('button', { name: 'Edit Ada Okafor' }));

    expect(screen.getByRole('heading', { name: 'Edit Presenter' })).toBeTruthy();
    expect(document.activeElement).toBe(field('First Name'));
    expect(field('First Name').value).toBe('Ada');
    expect(field('Email').value).toBe('ada@startup.example');
    expect(field('LinkedIn URL').value).toBe('https://www.linkedin.com/in/ada');
    expect(((await screen.findByRole('checkbox', { name: 'Regulatory' })) as HTMLInputElement).checked).toBe(true);

    await user.clear(field('Last Name'));
    await user.type(field('Last Name'), 'Okafor-Bello');
    await user.click(screen.getByRole('button', { name: 'Update Presenter' }));

    expect(await screen.findByText('Presenter updated successfully.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Add New Presenter' })).toBeTruthy();
    expect(await within(list()).findByText('Ada Okafor-Bello')).toBeTruthy();
    expect((await stored('events/e1'))?.rounds).toEqual({
      round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor-Bello' }],
    });
  });

  it('leaves editing with Cancel, keeping the presenter as stored', async () => {
    await seed();
    const user = await openScreen();
    await user.click(await within(list()).findByRole('button', { name: 'Edit Lin Chen' }));
    await user.clear(field('First Name'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Add New Presenter' })).toBeTruthy();
    expect(field('First Name').value).toBe('');
    expect((await stored('presenters/p-lin'))?.first_name).toBe('Lin');
  });

  it("asks 'Are you sure you want to delete {name}?', and deletes only on Delete, from the events' rounds too", async () => {
    await seed();
    await adminDb()
      .doc('events/e1')
      .set(storedEvent({ rounds: { round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }] } }));
    const user = await openScreen();
    await user.click(await within(list()).findByRole('button', { name: 'Delete Ada Okafor' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Delete' });
    expect(within(dialog).getByText('Are you sure you want to delete Ada Okafor?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await stored('presenters/p-ada')).toBeTruthy();

    await user.click(within(list()).getByRole('button', { name: 'Delete Ada Okafor' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Presenter deleted successfully.', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(within(list()).queryByText('Ada Okafor')).toBeNull());
    expect(await stored('presenters/p-ada')).toBeUndefined();
    expect((await stored('events/e1'))?.rounds).toEqual({ round_1: [] });
  });

  it('shows the LinkedIn link only for presenters who have a LinkedIn url', async () => {
    await seed();
    await openScreen();
    const link = await within(list()).findByRole('link', { name: 'LinkedIn profile of Ada Okafor' });
    expect(link.getAttribute('href')).toBe('https://www.linkedin.com/in/ada');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(list()).getByText('Lin Chen')).toBeTruthy();
    expect(within(list()).queryByRole('link', { name: 'LinkedIn profile of Lin Chen' })).toBeNull();
  });

  it("says 'Failed to update presenter.' when the presenter was deleted meanwhile, keeping the form as typed", async () => {
    await seed();
    const user = await openScreen();
    await user.click(await within(list()).findByRole('button', { name: 'Edit Lin Chen' }));
    await adminDb().doc('presenters/p-lin').delete();
    await user.type(field('Company Name'), ' Labs');
    await user.click(screen.getByRole('button', { name: 'Update Presenter' }));
    expect(await screen.findByText('Failed to update presenter.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Edit Presenter' })).toBeTruthy();
    expect(field('Company Name').value).toBe('PulseLoop Labs');
    expect(await stored('presenters/p-lin')).toBeUndefined();
  });

  it("says 'Failed to delete presenter.' when the server refuses a part of the delete, and deletes nothing", async () => {
    await seed();
    // An event the rules no longer accept as it stands, so its rounds cannot be changed.
    await adminDb()
      .doc('events/legacy')
      .set({
        ...storedEvent({ rounds: { round_1: [{ presenter_id: 'p-ada', first_name: 'Ada', last_name: 'Okafor' }] } }),
        old: 1,
      });
    const user = await openScreen();
    await user.click(await within(list()).findByRole('button', { name: 'Delete Ada Okafor' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm Delete' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete presenter.', {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await stored('presenters/p-ada')).toBeTruthy();
  });

  it("says 'Loading questions...', then 'Failed to load favourite questions.' when the server cannot be reached", async () => {
    network.cutOff({ refuse: true });
    await renderApp('/invite');
    expect(await screen.findByText('Loading questions...', {}, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('Failed to load favourite questions.', {}, { timeout: 20_000 })).toBeTruthy();
  }, 30_000);
});

/** Rules of a server that refuses every presenter read and write (the rest as usual for this screen). */
const refusingRules = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /questions/{id} {
      allow read: if true;
    }
  }
}`;

async function putRules(content: string) {
  const { host, port } = firestoreEmulator();
  const res = await fetch(`http://${host}:${port}/emulator/v1/projects/${projectId}:securityRules`, {
    method: 'PUT',
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content }] } }),
  });
  if (!res.ok) throw new Error(`Loading the rules failed: ${res.status} ${await res.text()}`);
}

describe('presenter management on a server that refuses the presenters', () => {
  beforeAll(() => putRules(refusingRules));
  afterAll(() => loadFirestoreRules(projectId));

  it("says 'Failed to load presenters.' and 'Failed to add presenter.'", async () => {
    await seed();
    const user = await openScreen({ withList: false });
    await eventually(() => expect(screen.getAllByText('Failed to load presenters.').length).toBeGreaterThan(0), 10_000);
    await user.type(field('First Name'), 'Nia');
    await user.type(field('Last Name'), 'Addo');
    await user.type(field('Email'), 'nia@cardionest.example');
    await user.click(screen.getByRole('button', { name: 'Add Presenter' }));
    expect(await screen.findByText('Failed to add presenter.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(field('First Name').value).toBe('Nia');
  });
});
