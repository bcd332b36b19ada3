// The full Firestore SDK for the screens every page mounts (UserContext, PresentersContext),
// fetched on first use instead of with the first load: a provider's queue first shows from one
// read through Firestore Lite (src/db/sharedEvent.ts), and the SDK's live listeners and offline
// cache (about 110 KB gzip) arrive after it (docs/performance.md). The other
// screens import their src/db/ modules directly: their route chunks load them anyway.

import type { Provider } from '../types/provider';
import type { ProviderResponse } from '../types/response';

/** The longest pause between two tries to fetch a module while the network is down. */
const MAX_RETRY_MS = 30_000;
const FIRST_RETRY_MS = 2_000;

/**
 * Fetches a module, then starts following something with it; returns the unsubscribe function
 * (safe to call before the module is in). When the fetch fails (offline on a first visit), it
 * calls onLoadError once and tries again when the browser is back online, or after a pause that
 * doubles up to 30 s, until unsubscribed.
 */
export function followLater<Module>(
  load: () => Promise<Module>,
  follow: (module: Module) => () => void,
  onLoadError: (error: unknown) => void,
): () => void {
  let stopped = false;
  let unsubscribe: (() => void) | null = null;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // The browser's 'online' event; none outside a browser (the tests in Node, the rehearsal's clients).
  const browser = typeof window === 'undefined' ? null : window;
  const retryNow = () => {
    clearTimeout(timer);
    attempt();
  };
  const attempt = () => {
    browser?.removeEventListener('online', retryNow);
    load().then(
      (module) => {
        if (!stopped) unsubscribe = follow(module);
      },
      (error: unknown) => {
        if (stopped) return;
        if (failures === 0) onLoadError(error);
        timer = setTimeout(attempt, Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** failures));
        failures += 1;
        browser?.addEventListener('online', retryNow);
      },
    );
  };
  attempt();

  return () => {
    stopped = true;
    clearTimeout(timer);
    browser?.removeEventListener('online', retryNow);
    unsubscribe?.();
  };
}

/** src/db/responses.ts' watchMyResponses, with the SDK fetched first (see followLater). */
export function watchMyResponses(
  eventId: string,
  callback: (responses: ProviderResponse[]) => void,
  onError: (error: unknown) => void,
): () => void {
  return followLater(
    () => import('./responses'),
    (responses) => responses.watchMyResponses(eventId, callback, onError),
    onError,
  );
}

/** src/db/providers.ts' getProviderProfile, with the SDK fetched first (rejects when it cannot be). */
export async function getProviderProfile(): Promise<Provider | null> {
  return (await import('./providers')).getProviderProfile();
}
