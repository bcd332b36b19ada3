// The events dashboard (/events, admin only; the spec's section 2): every event as a card that
// opens its control screen, followed live, and a round '+' button that opens 'Create New Event'.

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { AddIcon } from '../../components/Icons';
import { PageLoader } from '../../components/PageLoader';
import { watchEvents } from '../../db/eventAdmin';
import type { Event } from '../../types/event';
import { EventCard } from './EventCard';
import { EventFormDialog } from './EventFormDialog';

export const dashboardMessages = {
  loadFailed: 'The events could not be loaded. Check the connection and reload the page.',
  empty: 'No events yet. Create one with the + button.',
} as const;

type Loaded = { state: 'loading' } | { state: 'ready'; events: Event[] } | { state: 'failed' };

export function EventsDashboard() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [creating, setCreating] = useState(false);

  useEffect(
    () =>
      watchEvents(
        (events) => setLoaded({ state: 'ready', events }),
        (error) => {
          console.warn('The events could not be followed.', error);
          setLoaded({ state: 'failed' });
        },
      ),
    [],
  );

  return (
    <Box sx={{ pb: 10 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Events Dashboard
      </Typography>
      {loaded.state === 'loading' && <PageLoader />}
      {loaded.state === 'failed' && <Alert severity="error">{dashboardMessages.loadFailed}</Alert>}
      {loaded.state === 'ready' && loaded.events.length === 0 && <Typography>{dashboardMessages.empty}</Typography>}
      {loaded.state === 'ready' && loaded.events.length > 0 && (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {loaded.events.map((event) => (
            <Grid key={event.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <EventCard event={event} />
            </Grid>
          ))}
        </Grid>
      )}
      <Fab
        color="primary"
        aria-label="Create New Event"
        onClick={() => setCreating(true)}
        sx={{ position: 'fixed', right: { xs: 16, sm: 32 }, bottom: { xs: 16, sm: 32 } }}
      >
        <AddIcon />
      </Fab>
      <EventFormDialog open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
}
