// One entry of the presenter queue: the presenter's name and display status. The live entry
// carries a blinking red dot and the pitch timer (LiveCardClock); completed entries (answers saved) are dimmed (greyed, with text
// still readable). An entry with a
// destination is a link; one without (an announcement) is plain text.

import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { DisplayStatus } from '../../../domain/displayStatus';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { liveTimer, usePitchClock } from '../../components/usePitchClock';
import type { Event, PresenterEntry } from '../../types/event';
import { LiveCardClock } from './LiveCardClock';
import { LiveDot } from './LiveDot';

export interface PresenterCardProps {
  entry: PresenterEntry;
  status: DisplayStatus;
  /** Where the entry leads, or null when it leads nowhere. */
  to: string | null;
  /** The event whose live presenter's pitch timer the live entry shows, when one runs. */
  clockEvent?: Event | null;
  /** Show the clock large: the phone is the live presenter's own. */
  ownPitch?: boolean;
}

/** The live card's clock: the one part of the queue that renders at each second. */
function CardClock({ event, large }: { event: Event; large: boolean }) {
  const reading = usePitchClock(event);
  return reading && <LiveCardClock reading={reading} large={large} />;
}

function presenterName(entry: PresenterEntry): string {
  return `${entry.first_name} ${entry.last_name}`.trim();
}

export function PresenterCard({ entry, status, to, clockEvent = null, ownPitch = false }: PresenterCardProps) {
  const live = status === 'Live';
  const name = presenterName(entry);
  const content = (
    <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {live && <LiveDot />}
        <Typography
          component="span"
          color={status === 'Completed' ? 'text.secondary' : 'text.primary'}
          sx={{ flex: 1, fontWeight: live ? 700 : 500, textTransform: 'capitalize', overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
        <VisuallyHidden>, </VisuallyHidden>
        <Typography
          component="span"
          variant="body2"
          color={live ? 'error.dark' : 'text.secondary'}
          sx={{ fontWeight: live ? 700 : 400 }}
        >
          {status}
        </Typography>
      </Stack>
    </CardContent>
  );
  return (
    <Card
      component="li"
      variant="outlined"
      data-status={status}
      sx={{
        listStyle: 'none',
        bgcolor: status === 'Completed' ? 'grey.100' : undefined,
        borderColor: live ? 'error.main' : undefined,
        borderWidth: live ? 2 : 1,
      }}
    >
      {to ? (
        <CardActionArea component={RouterLink} to={to}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
      {/* Beside the link, not in it: the link's name stays the presenter and their status. */}
      {live && clockEvent && liveTimer(clockEvent) && (
        <Stack sx={{ px: 2, pb: 1.5, mt: -1, alignItems: ownPitch ? 'center' : 'flex-start', pl: ownPitch ? 2 : 5 }}>
          <CardClock event={clockEvent} large={ownPitch} />
        </Stack>
      )}
    </Card>
  );
}
