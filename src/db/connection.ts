// Whether the device is online, from the browser's online/offline events (the 'Internet Error!'
// banner follows it). Firestore itself rides out drop-outs with its offline cache.

/** Calls `callback` now and on every change. Returns the unsubscribe function. */
export function watchOnline(callback: (online: boolean) => void): () => void {
  const onOnline = () => callback(true);
  const onOffline = () => callback(false);
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  callback(navigator.onLine);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
