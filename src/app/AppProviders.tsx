// Everything the screens share: the theme, baseline styles and the toast container. The toast
// container loads once the browser is idle after the first screen (no first screen shows a toast on
// arrival, and its code and first render would lengthen a phone's start-up); a toast raised
// before it is in is queued and shown once it mounts.

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { timings } from '../config/constants';
import { whenIdle } from '../lib/whenIdle';
import { theme } from './theme';

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

export function AppProviders({ children }: { children: ReactNode }) {
  const [toastsWanted, setToastsWanted] = useState(false);
  useEffect(() => whenIdle(() => setToastsWanted(true), timings.backgroundStartMaxMs), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastContainer position="top-center" autoClose={timings.defaultToastMs} newestOnTop />
        </Suspense>
      )}
    </ThemeProvider>
  );
}
