// The landing page (/): the sessions to explore, and the intro asking the provider to complete
// their profile before taking part. While several events are open and the phone has chosen
// none, it first asks which room the visitor is in.

import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { usePresenters } from '../../contexts/PresentersContext';
import { SessionCard } from './SessionCard';
import { sessions } from './sessions';

const RoomChooser = lazy(() => import('../../components/RoomChooser'));

export function LandingPage() {
  const { rooms, chooseRoom } = usePresenters();
  if (rooms.length > 1) {
    return (
      <Suspense fallback={<PageLoader />}>
        <RoomChooser rooms={rooms} onChoose={chooseRoom} />
      </Suspense>
    );
  }
  return (
    <Stack spacing={3}>
      <Paper variant="outlined" component="section" aria-labelledby="intro-heading" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography id="intro-heading" variant="h5" component="h1">
            Welcome
          </Typography>
          <Typography>Please complete your profile in order to participate.</Typography>
          <Button variant="contained" component={RouterLink} to={paths.profile}>
            Complete Your Profile
          </Button>
        </Stack>
      </Paper>
      <Stack component="section" aria-labelledby="sessions-heading" spacing={2}>
        <Typography id="sessions-heading" variant="h5" component="h2">
          Explore Sessions
        </Typography>
        {sessions
          .filter((session) => session.listed)
          .map((session) => (
            <SessionCard key={session.id} session={session} />
          ))}
      </Stack>
    </Stack>
  );
}
