// The frame around every page but /welcome: the top bar (back arrow, polytechnic and event logos),
// the 'Internet Error!' banner while offline, the 'New Live Presenter!' notice, the page, and the
// bottom navigation.

import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { Outlet } from 'react-router-dom';
import { usePresenters } from '../contexts/PresentersContext';
import { useUser } from '../contexts/UserContext';
import { BottomNav } from './BottomNav';
import { LivePresenterNotice } from './LivePresenterNotice';
import { OfflineBanner } from './OfflineBanner';
import { TopBar } from './TopBar';
import { useOnline } from './useOnline';

/** Height of the bottom navigation, kept clear at the foot of the page. */
const BOTTOM_NAV_SPACE = 10;

export function AppLayout() {
  const online = useOnline();
  const { user } = useUser();
  const { event, live, loading } = usePresenters();
  const liveKey = loading ? undefined : live ? `${live.roundNumber}:${live.position}:${live.presenter_id}` : null;

  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar eventTitle={event?.title} normalLogo={event?.normalLogo} middleLogo={event?.middleLogo} />
      <OfflineBanner online={online} />
      <LivePresenterNotice liveKey={liveKey} enabled={user !== null && event?.isEventOpen === true} />
      <Container
        component="main"
        maxWidth="md"
        sx={{ flex: 1, pt: { xs: 2, sm: 3 }, pb: BOTTOM_NAV_SPACE, px: { xs: 2, sm: 3 } }}
      >
        <Outlet />
      </Container>
      <BottomNav />
    </Box>
  );
}
