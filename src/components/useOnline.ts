// Whether the device is online and the app's backend answers (src/db/connection.ts): false
// behind a venue's Wi-Fi that has no internet as well as with no network at all.

import { useEffect, useState } from 'react';
import { watchConnection } from '../db/connection';

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => watchConnection(setOnline), []);
  return online;
}
