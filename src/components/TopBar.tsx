// The top bar on every page: a back arrow (one history step), the polytechnic's logo and the
// current event's two logos (normal and middle) when it has them.

import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import { useNavigate } from 'react-router-dom';
import { env } from '../config/env';
import { ArrowBackIcon } from './Icons';

/** The polytechnic's logo: a file in public/, replaced per deployment. */
export const POLYTECHNIC_LOGO_URL = `${import.meta.env.BASE_URL}polytechnic-logo.svg`;

export interface TopBarProps {
  eventTitle?: string;
  normalLogo?: string | null;
  middleLogo?: string | null;
}

const logoSx = { height: { xs: 32, sm: 40 }, maxWidth: { xs: 96, sm: 160 }, objectFit: 'contain', display: 'block' } as const;

export function TopBar({ eventTitle, normalLogo, middleLogo }: TopBarProps) {
  const navigate = useNavigate();
  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } }}>
        <IconButton edge="start" aria-label="Go back" onClick={() => navigate(-1)}>
          <ArrowBackIcon />
        </IconButton>
        <Box component="img" src={POLYTECHNIC_LOGO_URL} alt={env.organisationName} sx={logoSx} />
        <Box sx={{ flex: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
          {middleLogo && (
            <Box
              component="img"
              src={middleLogo}
              alt={eventTitle ? `${eventTitle} partner logo` : 'Event partner logo'}
              sx={logoSx}
            />
          )}
        </Box>
        {normalLogo && (
          <Box component="img" src={normalLogo} alt={eventTitle ? `${eventTitle} logo` : 'Event logo'} sx={logoSx} />
        )}
      </Toolbar>
    </AppBar>
  );
}
