// The control screen's left panel (the spec's section 2, "Event control"): the title or 'Event
// Title', edit, Invite, a link to the room display (in a new tab), the Open/Closed chip, Live
// Presenter (with the pitch timer and its Pause / Resume and Restart) and Next Presenter, Event Controls (Start Event / Stop Event, Start Matching, Send
// Emails, with the server reactions' progress) and Reset Presenters (Reset All, Complete All).

import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { EditIcon } from '../../../components/Icons';
import { paths } from '../../../config/paths';
import { describeReaction } from '../../../lib/reactionStatus';
import type { Event, PresenterEntry } from '../../../types/event';
import { livePresenter, nextPresenter } from '../../../../domain/rounds';
import type { ControlCommand } from '../../../../domain/eventControl';
import type { TimerCommand } from '../../../../domain/pitchTimer';
import { PitchTimerControls } from './PitchTimerControls';
import { RatingProgress } from './RatingProgress';

export interface EventStatusPanelProps {
  event: Event;
  run: (command: ControlCommand) => void;
  runTimer: (command: TimerCommand) => void;
  onEdit: () => void;
  onStartMatching: () => void;
  onSendEmails: () => void;
}

const fullName = (entry: PresenterEntry | null) => (entry ? `${entry.first_name} ${entry.last_name}`.trim() : 'None');

function Heading({ children }: { children: string }) {
  return (
    <Typography variant="overline" component="h2" color="text.secondary" sx={{ lineHeight: 1.5 }}>
      {children}
    </Typography>
  );
}

export function EventStatusPanel({ event, run, runTimer, onEdit, onStartMatching, onSendEmails }: EventStatusPanelProps) {
  const matching = describeReaction('Matching', event.isMatching, event.matchingStatus);
  const emailing = describeReaction('E-mails', event.isEmailing, event.emailingStatus);
  return (
    <Paper component="section" aria-label="Event" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h5" component="h1" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {event.title || 'Event Title'}
          </Typography>
          <Tooltip title="Edit event">
            <IconButton aria-label="Edit event" onClick={onEdit}>
              <EditIcon />
            </IconButton>
          </Tooltip>
          <Button component={RouterLink} to={paths.invite} variant="outlined">
            Invite
          </Button>
          {/* The projector's view of this event, in a new tab (public: it needs no admin session). */}
          <Button component="a" href={paths.screen(event.id)} target="_blank" rel="noopener noreferrer" variant="outlined">
            Room display
          </Button>
        </Stack>

        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography component="span" variant="body2" color="text.secondary">
            Event Status
          </Typography>
          <Chip
            label={event.isEventOpen ? 'Open' : 'Closed'}
            color={event.isEventOpen ? 'success' : 'error'}
            sx={{ fontWeight: 700 }}
          />
        </Stack>

        <Stack spacing={0.5}>
          <Typography>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              Live Presenter:
            </Typography>{' '}
            <span data-testid="live-presenter">{fullName(livePresenter(event))}</span>
          </Typography>
          <PitchTimerControls event={event} runTimer={runTimer} />
          <Typography>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              Next Presenter:
            </Typography>{' '}
            <span data-testid="next-presenter">{fullName(nextPresenter(event))}</span>
          </Typography>
        </Stack>
        <RatingProgress event={event} />

        <Divider />
        <Heading>Event Controls</Heading>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            color={event.isEventOpen ? 'error' : 'success'}
            onClick={() => run({ kind: event.isEventOpen ? 'stop' : 'start' })}
          >
            {event.isEventOpen ? 'Stop Event' : 'Start Event'}
          </Button>
          <Button variant="outlined" onClick={onStartMatching} disabled={event.matchingStatus?.state === 'running'}>
            Start Matching
          </Button>
          <Button variant="outlined" onClick={onSendEmails} disabled={event.emailingStatus?.state === 'running'}>
            Send Emails
          </Button>
        </Stack>
        {(matching || emailing) && (
          <Stack spacing={0.5} aria-live="polite">
            {matching && (
              <Typography variant="body2" color={event.matchingStatus?.state === 'failed' ? 'error' : 'text.secondary'}>
                {matching}
              </Typography>
            )}
            {emailing && (
              <Typography variant="body2" color={event.emailingStatus?.state === 'failed' ? 'error' : 'text.secondary'}>
                {emailing}
              </Typography>
            )}
          </Stack>
        )}

        <Divider />
        <Heading>Reset Presenters</Heading>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={() => run({ kind: 'reset' })}>
            Reset All
          </Button>
          <Button variant="outlined" onClick={() => run({ kind: 'complete' })}>
            Complete All
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
