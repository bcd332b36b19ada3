// The frame of the admin routes (/events, /events/:eventId, /invite; the spec's section 2): the
// admin context, a spinner while the kept sign-in resolves, the 'Admin Portal' sign-in for
// anyone who is not a signed-in admin, and for admins a top bar (Events, Presenters, the
// signed-in e-mail and Sign out), the 'Internet Error!' banner and the page.

import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { toast } from 'react-toastify';
import { OfflineBanner } from '../../components/OfflineBanner';
import { PageLoader } from '../../components/PageLoader';
import { POLYTECHNIC_LOGO_URL } from '../../components/TopBar';
import { useOnline } from '../../components/useOnline';
import { env } from '../../config/env';
import { timings } from '../../config/constants';
import { paths } from '../../config/paths';
import { AdminProvider, useAdmin } from '../../contexts/AdminContext';
import { AdminLogin } from './AdminLogin';

const navLinkSx = {
  color: 'text.primary',
  '&.active': { fontWeight: 700, textDecoration: 'underline', textUnderlineOffset: 6 },
} as const;

function AdminBar() {
  const { email, signOut } = useAdmin();
  const [signingOut, setSigningOut] = useState(false);

  const leave = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      console.warn('Sign-out failed.', error);
      toast.error('An error occurred. Please try again.', { autoClose: timings.adminToastMs });
    } finally {
      setSigningOut(false);
    }
  };

  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 }, flexWrap: 'wrap', py: { xs: 1, sm: 0 } }}>
        <Box component="img" src={POLYTECHNIC_LOGO_URL} alt={env.organisationName} sx={{ height: 36, display: 'block' }} />
        <Box component="nav" aria-label="Admin" sx={{ display: 'flex', gap: 1, flex: 1 }}>
          <Button component={NavLink} to={paths.events} end={false} sx={navLinkSx}>
            Events
          </Button>
          <Button component={NavLink} to={paths.invite} sx={navLinkSx}>
            Presenters
          </Button>
        </Box>
        {email && (
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {email}
          </Typography>
        )}
        <Button variant="outlined" onClick={leave} disabled={signingOut}>
          Sign out
        </Button>
      </Toolbar>
    </AppBar>
  );
}

function AdminGate() {
  const { status } = useAdmin();
  const online = useOnline();
  if (status === 'loading') return <PageLoader />;
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      {status === 'admin' && <AdminBar />}
      <OfflineBanner online={online} />
      <Container component="main" maxWidth="lg" sx={{ flex: 1, py: { xs: 2, sm: 3 }, px: { xs: 2, sm: 3 } }}>
        {status === 'admin' ? <Outlet /> : <AdminLogin />}
      </Container>
    </Box>
  );
}

/** `onSignInStart`: called as a sign-in is submitted (the route fetches its screen's code then). */
export function AdminLayout({ onSignInStart }: { onSignInStart?: () => void }) {
  return (
    <AdminProvider onSignInStart={onSignInStart}>
      <AdminGate />
    </AdminProvider>
  );
}
