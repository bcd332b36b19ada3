// The welcome screen (/welcome), outside the shared frame: the polytechnic's and the event's
// branding, when and where the event is, and a way in (profile first, then the presenters).

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PlaceIcon, ScheduleIcon } from '../../components/Icons';
import { POLYTECHNIC_LOGO_URL } from '../../components/TopBar';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { usePresenters } from '../../contexts/PresentersContext';
import { useUser } from '../../contexts/UserContext';
import { formatDateTime } from '../../lib/formatDateTime';

export function WelcomePage() {
  const { user } = useUser();
  const { event, loading } = usePresenters();
  const title = event?.title || 'Live Pitch Session';

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 2, sm: 4 },
        background: 'linear-gradient(160deg, #0b3d73 0%, #0b5cad 60%, #1976d2 100%)',
        color: 'common.white',
      }}
    >
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560, width: '100%' }}>
        <Stack
          direction="row"
          spacing={2}
          sx={{
            alignItems: 'center',
            justifyContent: 'center',
            flexWrap: 'wrap',
            bgcolor: 'common.white',
            borderRadius: 2,
            px: 2,
            py: 1.5,
          }}
        >
          <Box
            component="img"
            src={POLYTECHNIC_LOGO_URL}
            alt={env.organisationName}
            sx={{ height: 44, maxWidth: 150, objectFit: 'contain' }}
          />
          {event?.middleLogo && (
            <Box
              component="img"
              src={event.middleLogo}
              alt={`${title} partner logo`}
              sx={{ height: 44, maxWidth: 150, objectFit: 'contain' }}
            />
          )}
          {event?.normalLogo && (
            <Box
              component="img"
              src={event.normalLogo}
              alt={`${title} logo`}
              sx={{ height: 44, maxWidth: 150, objectFit: 'contain' }}
            />
          )}
        </Stack>
        <Typography variant="overline" component="p" sx={{ letterSpacing: 2 }}>
          {env.organisationName}
        </Typography>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '2rem', sm: '2.75rem' } }}>
          {loading ? 'Welcome' : title}
        </Typography>
        {event?.description && <Typography sx={{ opacity: 0.95 }}>{event.description}</Typography>}
        {event && (event.startTime || event.location) && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }} sx={{ alignItems: 'center' }}>
            {event.startTime && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <ScheduleIcon />
                <Typography>{formatDateTime(event.startTime)}</Typography>
              </Stack>
            )}
            {event.location && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <PlaceIcon />
                <Typography>{event.location}</Typography>
              </Stack>
            )}
          </Stack>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: { xs: '100%', sm: 'auto' } }}>
          <Button
            variant="contained"
            size="large"
            component={RouterLink}
            to={user ? paths.presenters : paths.profile}
            sx={{ bgcolor: 'common.white', color: 'primary.dark', '&:hover': { bgcolor: 'grey.100' } }}
          >
            {user ? 'Follow the Presenters' : 'Get Started'}
          </Button>
          <Button
            variant="outlined"
            size="large"
            component={RouterLink}
            to={paths.home}
            sx={{ color: 'common.white', borderColor: 'rgba(255,255,255,0.8)' }}
          >
            Explore Sessions
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
