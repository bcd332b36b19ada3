// The service worker's registration and its 'Update available' prompt (docs/offline.md).
// Loaded after the first paint (src/main.tsx), so a provider's first load carries
// none of it. A new deployment installs in the background and waits; the prompt's Reload switches
// to it, so nobody loses an answer they are typing to a reload they did not ask for. The prompt
// is plain markup in the theme's primary colour (src/app/theme.ts; tests/e2e/offline.test.ts
// checks they agree): importing MUI here splits the first load's shared MUI chunk in two, about
// 0.7 KB gzip more for every provider (measured with `npm run bench:bundle`).

import { toast } from 'react-toastify';
import { registerSW } from 'virtual:pwa-register';

const UPDATE_TOAST_ID = 'update-available';
const PRIMARY = { main: '#0b5cad', contrastText: '#fff' };

export function UpdatePrompt({ onReload }: { onReload: () => void }) {
  return (
    <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16 }}>
      <span>Update available</span>
      <button
        type="button"
        onClick={onReload}
        style={{
          font: 'inherit',
          fontWeight: 500,
          color: PRIMARY.contrastText,
          background: PRIMARY.main,
          border: 'none',
          borderRadius: 8,
          padding: '6px 16px',
          cursor: 'pointer',
        }}
      >
        Reload
      </button>
    </span>
  );
}

/** Registers the service worker (a no-op on the dev server); a new version waits for Reload. */
export function registerServiceWorker(): void {
  let reloadAsked = false;
  let newVersionInControl = false;

  const reload = (): void => {
    reloadAsked = true;
    if (newVersionInControl) window.location.reload();
    else void updateServiceWorker();
  };

  // The new version takes control of every open tab once any of them asks for it; only the tab
  // that asked reloads at once, another (perhaps mid-rating) reloads when its own Reload is pressed.
  // Watched on the browser's own event: the registration helper reports it only for an update
  // found within a minute of the page's start (later ones, the usual case for a phone open all
  // session, it treats as another page's and leaves the page on the old version).
  let controlled = navigator.serviceWorker?.controller != null;
  navigator.serviceWorker?.addEventListener('controllerchange', () => {
    // The first install taking charge of the page (clientsClaim) is not a new version.
    if (!controlled) {
      controlled = true;
      return;
    }
    newVersionInControl = true;
    if (reloadAsked) window.location.reload();
  });

  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      toast.info(<UpdatePrompt onReload={reload} />, { toastId: UPDATE_TOAST_ID, autoClose: false, closeOnClick: false });
    },

    onRegisteredSW(_url, registration) {
      // Phones sleep between pitches and the app stays open all session: look for a new
      // deployment whenever it is shown again, not only when it is opened.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState !== 'visible' || !registration) return;
        registration.update().catch((error: unknown) => {
          console.info('No update check while the server is out of reach; the next showing tries again.', error);
        });
      });
    },
    onRegisterError(error) {
      console.warn('The service worker could not be registered: the app works, but will not open offline.', error);
    },
  });
}
