// The events dashboard (/events, admin only; the spec's section 2): every event as a card that
// opens its control screen, followed live, and a round '+' button that opens 'Create New Event'.
// Each card says what is happening (status, start, presenters, raters), live events
// come first, then upcoming ones by date, then past ones, newest first; 'Duplicate event' asks
// first, then says which event it made.

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { AddIcon } from '../../components/Icons';
import { PageLoader } from '../../components/PageLoader';
import { useNow } from '../../components/useNow';
import { timings } from '../../config/constants';
import { watchEvents } from '../../db/eventAdmin';
import { duplicateEvent, LogoCopyError } from '../../db/eventCopy';
import { copyTitle, nextSessionStart } from '../../lib/eventCopy';
import { dashboardOrder, eventStatus } from '../../lib/eventStatus';
import { formatDateTime } from '../../lib/formatDateTime';
import type { Event } from '../../types/event';
import { EventCard } from './EventCard';
import { EventFormDialog } from './EventFormDialog';
import { useRaterCounts } from './useRaterCounts';

export const dashboardMessages = {
  loadFailed: 'The events could not be loaded. Check the connection and reload the page.',
  empty: 'No events yet. Create one with the + button.',
  duplicateTitle: 'Duplicate event',
  duplicateQuestion: (title: string, start: Date | null) =>
    `Create “${copyTitle(title)}”, a closed event with the same settings, logos, presenters and questions` +
    `${start ? `, starting ${formatDateTime(start)}` : ''}? ` +
    'Nothing of this session is copied: no progress, ratings, matches or e-mails.',
  duplicateConfirm: 'Duplicate',
  duplicating: 'Duplicating',
  duplicated: (title: string) => `Created “${title}”. Open it to set its start time and details.`,
  duplicateFailed: 'The event could not be duplicated.',
  duplicateLogoFailed:
    'The event could not be duplicated: its logo could not be copied from Storage (no connection, or the ' +
    'Storage bucket does not allow downloads from this site). Nothing was created; the event is unchanged.',
} as const;

/** How often the statuses are worked out again (an upcoming event becomes past at its start time). */
const STATUS_REFRESH_MS = 60_000;

type Loaded = { state: 'loading' } | { state: 'ready'; events: Event[] } | { state: 'failed' };

export function EventsDashboard() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [creating, setCreating] = useState(false);
  // The event the Duplicate event question is about stays set while the dialog fades out.
  const [duplicating, setDuplicating] = useState<{ event: Event; open: boolean; busy: boolean } | null>(null);
  const now = useNow(STATUS_REFRESH_MS);
  const events = loaded.state === 'ready' ? dashboardOrder(loaded.events, now) : null;
  const raters = useRaterCounts(events);

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

  const duplicate = async (event: Event) => {
    setDuplicating({ event, open: true, busy: true });
    const options = { autoClose: timings.adminToastMs };
    try {
      const copy = await duplicateEvent(event.id);
      toast.success(dashboardMessages.duplicated(copy.title), options);
    } catch (error) {
      console.warn('The event could not be duplicated.', error);
      toast.error(
        error instanceof LogoCopyError ? dashboardMessages.duplicateLogoFailed : dashboardMessages.duplicateFailed,
        options,
      );
    }
    setDuplicating({ event, open: false, busy: false });
  };

  return (
    <Box sx={{ pb: 10 }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Events Dashboard
      </Typography>
      {loaded.state === 'loading' && <PageLoader />}
      {loaded.state === 'failed' && <Alert severity="error">{dashboardMessages.loadFailed}</Alert>}
      {loaded.state === 'ready' && loaded.events.length === 0 && <Typography>{dashboardMessages.empty}</Typography>}
      {events && events.length > 0 && (
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {events.map((event) => (
            <Grid key={event.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
              <EventCard
                event={event}
                status={eventStatus(event, now)}
                raters={raters.get(event.id)}
                onDuplicate={(chosen) => setDuplicating({ event: chosen, open: true, busy: false })}
              />
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
      <ConfirmDialog
        open={duplicating?.open ?? false}
        title={dashboardMessages.duplicateTitle}
        question={
          duplicating
            ? dashboardMessages.duplicateQuestion(duplicating.event.title, nextSessionStart(duplicating.event.startTime, now))
            : ''
        }
        confirmLabel={dashboardMessages.duplicateConfirm}
        busy={duplicating?.busy ?? false}
        busyLabel={dashboardMessages.duplicating}
        onConfirm={() => duplicating && void duplicate(duplicating.event)}
        onCancel={() => duplicating && setDuplicating({ ...duplicating, open: false })}
      />
    </Box>
  );
}
