// Everything the screens share: the theme, baseline styles and the toast container. The toast
// container loads after the first screen (no first screen shows a toast on arrival); a toast
// raised before it is in is queued and shown once it mounts.

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense, type ReactNode } from 'react';
import { timings } from '../config/constants';
import { theme } from './theme';

const ToastContainer = lazy(() => import('react-toastify').then((module) => ({ default: module.ToastContainer })));

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <Suspense fallback={null}>
        <ToastContainer position="top-center" autoClose={timings.defaultToastMs} newestOnTop />
      </Suspense>
    </ThemeProvider>
  );
}
