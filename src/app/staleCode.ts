// The page side of reloading once when the app's own code fails to load (the rule and its guard:
// src/lib/staleCode.ts). Vite reports a failed dynamic import or preload of a built chunk with the
// window event 'vite:preloadError'; the start-up stages (src/main.tsx) and the route screens
// (src/app/router.tsx) load their code through loadCode(), which also covers the dev server.
// The message shown when a reload would not help is plain markup in the theme's primary colour,
// like the update prompt (src/components/UpdatePrompt.tsx): React and MUI may be the very code
// that failed to load, and this module is part of every first load.

import { decideRecovery, forgetMarkAfterStart, staleCodeMessages } from '../lib/staleCode';

const PRIMARY = { main: '#0b5cad', contrastText: '#fff' };
const NOTICE_ID = 'app-updated';

/** What this page is doing about code that failed to load: one answer per page. */
let state: 'idle' | 'waiting' | 'reloading' | 'explained' = 'idle';
let reloadPage = (): void => window.location.reload();
/** Opens `address` of this app afresh. */
let openAddress = (address: string): void => window.location.assign(address);
/** Where a navigation under way is going (the router says: followNavigations), if one is. */
let pendingAddress = (): string | undefined => undefined;

/**
 * Tells the recovery where the visitor is going while a screen's code loads: a navigation within
 * the app commits its address only once the screen's code is in, so a reload for code that failed
 * must open the screen asked for, not the one still shown (the questionnaire a provider tapped,
 * not the queue).
 */
export function followNavigations(pending: () => string | undefined): void {
  pendingAddress = pending;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function showUpdatedNotice(): void {
  if (document.getElementById(NOTICE_ID)) return;
  const notice = document.createElement('div');
  notice.id = NOTICE_ID;
  notice.setAttribute('role', 'alert');
  notice.style.cssText =
    'position:fixed;left:16px;right:16px;top:16px;z-index:2000;display:flex;align-items:center;' +
    'justify-content:space-between;gap:16px;padding:12px 16px;border-radius:8px;background:#fff;color:#1f2933;' +
    'box-shadow:0 4px 16px rgba(0,0,0,.25);font:16px/1.5 system-ui,sans-serif';
  const text = document.createElement('span');
  text.textContent = staleCodeMessages.updated;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = staleCodeMessages.reload;
  button.style.cssText =
    `font:inherit;font-weight:500;color:${PRIMARY.contrastText};background:${PRIMARY.main};` +
    'border:none;border-radius:8px;padding:6px 16px;cursor:pointer';
  // The visitor's own reload: the mark stays, so if it fails again the message comes back
  // instead of a loop of reloads.
  button.addEventListener('click', () => reloadPage());
  notice.append(text, button);
  document.body.append(notice);
}

/**
 * The app's code failed to load: reloads the page once to pick up the new deployment (at the
 * address the visitor was going to, when a navigation was under way), or, when this tab already
 * did so moments ago, tells the visitor. Offline, the failure is the network's: it waits until
 * the device is back online (a reload offline would lose the page).
 */
export function recoverFromStaleCode(error: unknown): void {
  if (state !== 'idle') return;
  console.warn("The app's code failed to load (a page from before a deployment, or the network).", error);
  if (!navigator.onLine) {
    state = 'waiting';
    window.addEventListener(
      'online',
      () => {
        state = 'idle';
        recoverFromStaleCode(error);
      },
      { once: true },
    );
    return;
  }
  const storage = sessionStore();
  if (storage !== null && decideRecovery(storage, Date.now()) === 'reload') {
    state = 'reloading';
    const destination = pendingAddress();
    if (destination === undefined || destination === currentAddress()) reloadPage();
    else openAddress(destination);
  } else {
    state = 'explained';
    showUpdatedNotice();
  }
}

const currentAddress = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/**
 * Loads a part of the app's code; when it fails (rejected, or left empty by the
 * 'vite:preloadError' handler), starts the recovery and never settles: the page is reloading or
 * says why it cannot go on, and nothing that needed the code should run.
 */
export async function loadCode<Module>(load: () => Promise<Module>): Promise<Module> {
  let loaded: Module | undefined;
  try {
    loaded = await load();
  } catch (error) {
    recoverFromStaleCode(error);
    return new Promise<Module>(() => undefined);
  }
  if (loaded === undefined) {
    recoverFromStaleCode(new Error('A module of the app failed to load.'));
    return new Promise<Module>(() => undefined);
  }
  return loaded;
}

/**
 * Handles Vite's report of a chunk or preload that failed to load (call it before the app's first
 * dynamic import); returns the way to stop. `reload` replaces the browser's reload only where there is none (jsdom).
 */
export function watchForStaleCode({ reload, open }: { reload?: () => void; open?: (address: string) => void } = {}): () => void {
  if (reload) reloadPage = reload;
  if (open) openAddress = open;
  const onPreloadError = (event: VitePreloadErrorEvent) => {
    // Handled here: the import resolves empty instead of throwing, and loadCode() sees that.
    event.preventDefault();
    recoverFromStaleCode(event.payload);
  };
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => window.removeEventListener('vite:preloadError', onPreloadError);
}

/** The app has started: the mark of a reload goes once its guard time is over. */
export function staleCodeAppStarted(): void {
  const storage = sessionStore();
  if (storage === null) return;
  const left = forgetMarkAfterStart(storage, Date.now());
  if (left > 0) setTimeout(() => forgetMarkAfterStart(storage, Date.now()), left);
}
