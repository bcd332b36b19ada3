// @vitest-environment happy-dom
// The frame around every page, in the real app: logos, bottom navigation, the back arrow, the
// offline banner, the live-presenter notice, the landing page and the not-found page.

import { act, render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { eventually, storedEvent } from '../db/appDb';
import { defined } from '../support/defined';
import { renderApp, screen, useAppTestBed } from './support/appTestBed';

const { adminDb } = await useAppTestBed();
const { LivePresenterNotice } = await import('../../src/components/LivePresenterNotice');
const { SessionCard } = await import('../../src/features/landing/SessionCard');
const { sessions } = await import('../../src/features/landing/sessions');

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the landing page', () => {
  it('asks the provider to complete their profile and links to the form', async () => {
    const app = await renderApp('/');
    expect(await screen.findByText('Please complete your profile in order to participate.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Complete Your Profile' }));
    await screen.findByRole('heading', { name: 'Provider Profile' });
    expect(app.location()).toBe('/profile');
  });

  it('lists the med-tech session at 11:15 AM, opening inside the app in the same tab', async () => {
    await renderApp('/');
    const sessionsRegion = await screen.findByRole('region', { name: 'Explore Sessions' });
    const cards = within(sessionsRegion).getAllByRole('link');
    expect(cards).toHaveLength(1);
    const card = defined(cards[0], 'The med-tech session card');
    expect(within(card).getByRole('heading', { name: /Med-Tech Pitch Session$/ })).toBeTruthy();
    expect(card.textContent).toContain('11:15 AM');
    expect(card.getAttribute('href')).toBe('/presenters');
    expect(card.getAttribute('target')).toBeNull();
  });

  it('opens a session on another site, such as the agriculture-tech one at 10:15 AM, in a new tab', () => {
    const agriculture = sessions.find((session) => session.id === 'agri-tech');
    if (!agriculture) throw new Error('The agriculture-tech session is missing.');
    render(
      <MemoryRouter>
        <SessionCard session={agriculture} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('link', { name: /^10:15 AM\s*,\s*Agriculture-Tech Pitch Session \(opens in a new tab\)/ });
    expect(card.getAttribute('target')).toBe('_blank');
    expect(card.getAttribute('rel')).toContain('noopener');
  });
});

describe('the frame', () => {
  it('shows the polytechnic logo and the event logos', async () => {
    await adminDb()
      .doc('events/e1')
      .set({
        ...storedEvent({ title: 'Med-Tech Day' }),
        normalLogo: 'https://cdn.example.com/normal.png',
        middleLogo: 'https://cdn.example.com/middle.png',
      });
    await renderApp('/');
    expect(screen.getByRole('img', { name: 'Polytechnic Innovation Office' })).toBeTruthy();
    expect((await screen.findByRole('img', { name: 'Med-Tech Day logo' }, { timeout: 8000 })).getAttribute('src')).toBe(
      'https://cdn.example.com/normal.png',
    );
    expect(screen.getByRole('img', { name: 'Med-Tech Day partner logo' }).getAttribute('src')).toBe(
      'https://cdn.example.com/middle.png',
    );
  });

  it('navigates with the bottom navigation and marks the current page', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(nav).getByRole('link', { name: 'Profile' }));
    await eventually(() => expect(app.location()).toBe('/profile'));
    await eventually(() => expect(within(nav).getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page'));
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Presenters' }));
    await eventually(() => expect(app.location()).not.toBe('/'));
  });

  it('goes back one step in the history with the back arrow', async () => {
    const user = userEvent.setup();
    const app = await renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Complete Your Profile' }));
    await eventually(() => expect(app.location()).toBe('/profile'));
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    await eventually(() => expect(app.location()).toBe('/'));
  });

  it("shows 'Internet Error!' while the device is offline", async () => {
    await renderApp('/');
    expect(screen.queryByText('Internet Error!')).toBeNull();
    act(() => setOnline(false));
    await eventually(() =>
      expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes('Internet Error!'))).toBe(true),
    );
    act(() => setOnline(true));
    await eventually(() => expect(screen.queryByText('Internet Error!')).toBeNull());
  });

  it("shows 'Coming Soon' with a way home for an unknown address", async () => {
    const user = userEvent.setup();
    const app = await renderApp('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Go Back Home' }));
    await eventually(() => expect(app.location()).toBe('/'));
  });
});

describe('the welcome screen', () => {
  it("shows the event's branding outside the frame and leads a new visitor to the profile", async () => {
    await adminDb()
      .doc('events/e1')
      .set({ ...storedEvent({ title: 'Med-Tech Day' }), normalLogo: 'https://cdn.example.com/normal.png' });
    const app = await renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Med-Tech Day' }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText('Innovation Hub')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Med-Tech Day logo' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Get Started' }));
    await eventually(() => expect(app.location()).toBe('/profile'));
  });
});

describe("the 'New Live Presenter!' notice", () => {
  it('shows for 3 seconds when the live presenter changes', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LivePresenterNotice liveKey="a" enabled />);
    expect(screen.queryByText('New Live Presenter!')).toBeNull();
    rerender(<LivePresenterNotice liveKey="b" enabled />);
    expect(screen.getByText('New Live Presenter!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(2_900));
    expect(screen.getByText('New Live Presenter!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByText('New Live Presenter!')).toBeNull();
  });

  it('stays quiet when the live presenter first becomes known on arrival', () => {
    const { rerender } = render(<LivePresenterNotice liveKey={undefined} enabled />);
    rerender(<LivePresenterNotice liveKey="a" enabled />);
    expect(screen.queryByText('New Live Presenter!')).toBeNull();
  });

  it('stays quiet without a profile or while the event is closed', () => {
    const { rerender } = render(<LivePresenterNotice liveKey="a" enabled={false} />);
    rerender(<LivePresenterNotice liveKey="b" enabled={false} />);
    expect(screen.queryByText('New Live Presenter!')).toBeNull();
  });
});
