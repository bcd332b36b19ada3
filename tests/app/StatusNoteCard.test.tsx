// @vitest-environment jsdom
// The status note card: shows the live note and saves a new one, telling the user how it went.

import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import type { StatusNote } from '../../src/db/status';
import { StatusNoteCard } from '../../src/features/status/StatusNoteCard';

const db = vi.hoisted(() => ({
  push: null as null | ((status: StatusNote | null) => void),
  fail: null as null | ((error: Error) => void),
  unsubscribe: vi.fn(),
  saveStatusNote: vi.fn<(note: string) => Promise<void>>(),
}));

vi.mock('../../src/db/status', () => ({
  watchStatusNote: (callback: (status: StatusNote | null) => void, onError: (error: Error) => void) => {
    db.push = callback;
    db.fail = onError;
    return db.unsubscribe;
  },
  saveStatusNote: db.saveStatusNote,
}));

function renderCard() {
  return render(
    <AppProviders>
      <StatusNoteCard />
    </AppProviders>,
  );
}

function pushNote(note: string) {
  db.push?.({ id: 'app', note, updatedAt: new Date('2030-01-01T09:00:00Z') });
}

beforeEach(() => {
  db.push = null;
  db.fail = null;
  db.unsubscribe.mockReset();
  db.saveStatusNote.mockReset();
});

afterEach(cleanup);

describe('StatusNoteCard', () => {
  it('shows a loading indicator until the note arrives, then the note', async () => {
    renderCard();
    expect(screen.getByLabelText('Loading the note')).toBeTruthy();
    pushNote('Doors open at 11:00');
    expect(await screen.findByText('Doors open at 11:00')).toBeTruthy();
    expect((screen.getByLabelText('New note') as HTMLInputElement).value).toBe('Doors open at 11:00');
  });

  it('follows changes made elsewhere while the user is not typing', async () => {
    renderCard();
    pushNote('First');
    await screen.findByText('First');
    pushNote('Second');
    expect(await screen.findByText('Second')).toBeTruthy();
    expect((screen.getByLabelText('New note') as HTMLInputElement).value).toBe('Second');
  });

  it('says so when there is no note yet', async () => {
    renderCard();
    db.push?.(null);
    expect(await screen.findByText('No note yet.')).toBeTruthy();
  });

  it('saves the typed note with the keyboard and confirms it', async () => {
    const user = userEvent.setup();
    db.saveStatusNote.mockResolvedValue();
    renderCard();
    pushNote('Old note');
    const field = await screen.findByLabelText('New note');
    await user.clear(field);
    await user.type(field, '  Pitches start in 5 minutes {Enter}');
    await waitFor(() => expect(db.saveStatusNote).toHaveBeenCalledWith('Pitches start in 5 minutes'));
    expect(await screen.findByText('Note saved.')).toBeTruthy();
  });

  it('keeps Save disabled while the note is empty or unchanged', async () => {
    const user = userEvent.setup();
    renderCard();
    pushNote('Same');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(screen.getByLabelText('New note'));
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('New note'), 'Different');
    expect((save as HTMLButtonElement).disabled).toBe(false);
  });

  it('tells the user when saving fails and keeps their text', async () => {
    const user = userEvent.setup();
    db.saveStatusNote.mockRejectedValue(new Error('unavailable'));
    renderCard();
    pushNote('Old note');
    const field = await screen.findByLabelText('New note');
    await user.clear(field);
    await user.type(field, 'Will not stick');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The note could not be saved. Please try again.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Will not stick');
  });

  it('shows an error when the note cannot be loaded', async () => {
    renderCard();
    db.fail?.(new Error('permission-denied'));
    expect(await screen.findByText('The note cannot be loaded right now.')).toBeTruthy();
  });

  it('stops listening when it leaves the screen', () => {
    const { unmount } = renderCard();
    unmount();
    expect(db.unsubscribe).toHaveBeenCalledTimes(1);
  });
});
