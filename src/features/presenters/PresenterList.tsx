// The presenters screen (/presenters). Without a profile it sends the provider to /profile.
// While several events are open and the phone has chosen none, it first asks which room the
// provider is in. Before the event opens it shows the countdown (or 'Event Closed'
// when there is no start time); while it is open, the live queue in groups: Live, Up Next,
// Finished and Completed, and a way to switch rooms for a phone that joined one. The live card
// carries the pitch timer: small for a provider, large on the live presenter's own phone.

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoader } from '../../components/PageLoader';
import { useServerClock } from '../../components/usePitchClock';
import { paths } from '../../config/paths';
import { usePresenters } from '../../contexts/PresentersContext';
import { useUser } from '../../contexts/UserContext';
import type { QueueEntry } from '../../../domain/queue';
import type { Event } from '../../types/event';
import { EventClosed } from './EventClosed';
import { EventCountdown } from './EventCountdown';
import { PresenterCard } from './PresenterCard';

const RoomChooser = lazy(() => import('../../components/RoomChooser'));

function destination(entry: QueueEntry): string | null {
  if (entry.kind === 'results') return paths.results;
  if (entry.kind === 'announcement') return null;
  return paths.questions(entry.presenter_id);
}

interface GroupProps {
  title: string;
  entries: QueueEntry[];
  /** The event whose live presenter's clock the live card shows (null: none shown). */
  clockEvent?: Event | null;
  /** The viewer's own id: their own live card shows the clock large. */
  viewerId?: string;
}

function PresenterGroup({ title, entries, clockEvent = null, viewerId }: GroupProps) {
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
            clockEvent={clockEvent}
            ownPitch={viewerId !== undefined && viewerId !== '' && viewerId === entry.presenter_id}
          />
        ))}
      </Stack>
    </Stack>
  );
}

export function PresenterList() {
  const { user } = useUser();
  const { event, groups, loading, rooms, room, chooseRoom } = usePresenters();
  const [switching, setSwitching] = useState(false);
  const clockEvent = event?.isEventOpen ? event : null;
  useServerClock(clockEvent !== null);

  if (user === null) return <Navigate to={paths.profile} replace />;
  if (rooms.length > 1 || switching) {
    return (
      <Suspense fallback={<PageLoader />}>
        <RoomChooser
          rooms={switching ? undefined : rooms}
          current={room}
          onChoose={(eventId) => {
            setSwitching(false);
            chooseRoom(eventId);
          }}
          onCancel={switching ? () => setSwitching(false) : undefined}
        />
      </Suspense>
    );
  }
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
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {event.title || 'Presenters'}
        </Typography>
        {room !== null && (
          <Button size="small" variant="outlined" onClick={() => setSwitching(true)} sx={{ flexShrink: 0 }}>
            Switch room
          </Button>
        )}
      </Stack>
      {empty && <Typography color="text.secondary">No presenters yet.</Typography>}
      <PresenterGroup title="Live" entries={groups.live} clockEvent={clockEvent} viewerId={user.user_id} />
      <PresenterGroup title="Up Next" entries={groups.upNext} />
      <PresenterGroup title="Finished" entries={groups.finished} />
      <PresenterGroup title="Completed" entries={groups.completed} />
    </Stack>
  );
}
