// The presenters screen (/presenters). Without a profile it sends the provider to /profile.
// Before the event opens it shows the countdown (or 'Event Closed' when there is no start time);
// while it is open, the live queue in groups: Live, Up Next, Finished and Completed.

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { paths } from '../../config/paths';
import { usePresenters } from '../../contexts/PresentersContext';
import { useUser } from '../../contexts/UserContext';
import type { QueueEntry } from '../../../domain/queue';
import { EventClosed } from './EventClosed';
import { EventCountdown } from './EventCountdown';
import { PresenterCard } from './PresenterCard';

function destination(entry: QueueEntry): string | null {
  if (entry.kind === 'results') return paths.results;
  if (entry.kind === 'announcement') return null;
  return paths.questions(entry.presenter_id);
}

function PresenterGroup({ title, entries }: { title: string; entries: QueueEntry[] }) {
  if (entries.length === 0) return null;
  const headingId = `group-${title.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1}>
      <Typography id={headingId} variant="h6" component="h2">
        {title}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }}>
        {entries.map((entry) => (
          <PresenterCard
            key={`${entry.roundNumber}-${entry.position}-${entry.presenter_id}`}
            entry={entry}
            status={entry.status}
            to={destination(entry)}
          />
        ))}
      </Stack>
    </Stack>
  );
}

export function PresenterList() {
  const { user } = useUser();
  const { event, groups, loading } = usePresenters();

  if (user === null) return <Navigate to={paths.profile} replace />;
  if (loading) return <PageLoader />;
  if (!event || !event.isEventOpen) {
    return event?.startTime ? (
      <EventCountdown startTime={event.startTime} location={event.location} developers={event.developers} />
    ) : (
      <EventClosed />
    );
  }

  const empty = groups.live.length + groups.upNext.length + groups.finished.length + groups.completed.length === 0;
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {event.title || 'Presenters'}
      </Typography>
      {empty && <Typography color="text.secondary">No presenters yet.</Typography>}
      <PresenterGroup title="Live" entries={groups.live} />
      <PresenterGroup title="Up Next" entries={groups.upNext} />
      <PresenterGroup title="Finished" entries={groups.finished} />
      <PresenterGroup title="Completed" entries={groups.completed} />
    </Stack>
  );
}
