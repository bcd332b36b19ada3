// Whether the device is online and the app's backend answers (src/db/connection.ts): false
// behind a venue's Wi-Fi that has no internet as well as with no network at all.

import { useEffect, useState } from 'react';
import { watchConnection } from '../db/connection';

export function useOnline(): boolean {
  // Online when rendered outside a browser (the build-time first screens: src/lib/firstScreen.ts).
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => watchConnection(setOnline), []);
  return online;
}
