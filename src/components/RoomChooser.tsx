// "Which room are you in?" (parallel rooms): the open events with their titles and
// locations, for a phone that has chosen none while several are open (the landing page and
// /presenters ask first) or that switches rooms from the queue. Loaded on demand: most phones
// never see it. Given no `rooms`, it reads the open events itself (a switch from the queue).

import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { readOpenEvents } from '../db/sharedEvent';
import type { Event } from '../types/event';
import { PageLoader } from './PageLoader';
import { useLoad } from './useLoad';

export const roomChooserText = {
  heading: 'Which room are you in?',
  intro: 'Several sessions are running at once. Pick the room you are in; you can switch later from the presenter list.',
  none: 'No room is in session right now.',
  failed: 'The rooms could not be loaded. Check the connection and try again.',
  stay: 'Stay in this room',
  current: 'You are here',
} as const;

export interface RoomChooserProps {
  /** The rooms to list; absent: the open events, read on opening. */
  rooms?: readonly Event[];
  /** The room the phone follows now, marked in the list. */
  current?: string | null;
  onChoose: (eventId: string) => void;
  /** Offered as a way back (switching from the queue). */
  onCancel?: () => void;
}

function RoomCard({ room, current, onChoose }: { room: Event; current: boolean; onChoose: (eventId: string) => void }) {
  return (
    <Card component="li" variant="outlined" sx={{ listStyle: 'none', borderColor: current ? 'primary.main' : undefined }}>
      <CardActionArea onClick={() => onChoose(room.id)} aria-current={current || undefined}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {room.title || 'Untitled event'}
          </Typography>
          {room.location && (
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {room.location}
            </Typography>
          )}
          {current && (
            <Typography variant="body2" color="primary" sx={{ fontWeight: 600, mt: 0.5 }}>
              {roomChooserText.current}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

export default function RoomChooser({ rooms, current = null, onChoose, onCancel }: RoomChooserProps) {
  const loaded = useLoad(rooms === undefined ? 'open' : null, readOpenEvents);
  const list = rooms ?? (loaded.state === 'ready' ? loaded.value : null);
  return (
    <Stack component="section" aria-labelledby="room-chooser-heading" spacing={2}>
      <Typography id="room-chooser-heading" variant="h5" component="h1">
        {roomChooserText.heading}
      </Typography>
      <Typography color="text.secondary">{roomChooserText.intro}</Typography>
      {list === null && loaded.state === 'failed' && <Typography role="alert">{roomChooserText.failed}</Typography>}
      {list === null && loaded.state !== 'failed' && <PageLoader />}
      {list !== null && list.length === 0 && <Typography>{roomChooserText.none}</Typography>}
      {list !== null && list.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {list.map((room) => (
            <RoomCard key={room.id} room={room} current={room.id === current} onChoose={onChoose} />
          ))}
        </Stack>
      )}
      {onCancel && (
        <Button variant="outlined" onClick={onCancel} sx={{ alignSelf: 'flex-start' }}>
          {roomChooserText.stay}
        </Button>
      )}
    </Stack>
  );
}
