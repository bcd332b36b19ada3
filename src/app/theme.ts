// The app's MUI theme: the spec's breakpoints (600 and 900 px) and the product's colours.

import { createTheme } from '@mui/material/styles';
import { breakpoints } from '../config/constants';

export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: breakpoints.sm, md: breakpoints.md, lg: 1200, xl: 1536 } },
  palette: {
    primary: { main: '#0b5cad' },
    secondary: { main: '#c2185b' },
  },
  shape: { borderRadius: 8 },
});
