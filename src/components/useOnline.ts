// Whether the device is online, following the browser's online and offline events.

import { useEffect, useState } from 'react';
import { watchOnline } from '../db/connection';

export function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => watchOnline(setOnline), []);
  return online;
}
