// Everything the screens share: the theme, baseline styles and the toast container.

import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { ToastContainer } from 'react-toastify';
import { timings } from '../config/constants';
import { theme } from './theme';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
      <ToastContainer position="top-center" autoClose={timings.defaultToastMs} newestOnTop />
    </ThemeProvider>
  );
}
