// One event on the events dashboard (the spec's section 2, and what an organiser asks of it: "what is happening?"):
// its normal and middle logos, title and description, the whole of which is a link to the event's
// control screen; under it the event's status chip, its start in the organiser's locale, how many
// presenters its rounds hold and how many providers have rated, and 'Duplicate event'.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { paths } from '../../config/paths';
import { failureDetail, presenterCount, type EventStatus } from '../../lib/eventStatus';
import { formatDateTime } from '../../lib/formatDateTime';
import type { Event } from '../../types/event';
import { EventStatusChip } from './EventStatusChip';

export const eventCardMessages = {
  noStartTime: 'No start time',
  presenters: (count: number) => `${count} ${count === 1 ? 'presenter' : 'presenters'}`,
  raters: (count: number) => `${count} ${count === 1 ? 'provider' : 'providers'} rated`,
  duplicate: 'Duplicate event',
} as const;

/** The logos are decorative here: the card's name is the event's title and description. */
function Logo({ url }: { url: string | null }) {
  if (!url) return null;
  return <Box component="img" src={url} alt="" sx={{ height: 48, maxWidth: '45%', objectFit: 'contain' }} />;
}

export interface EventCardProps {
  event: Event;
  status: EventStatus;
  /** How many providers have rated; undefined while unknown (being counted, or the count failed). */
  raters: number | undefined;
  onDuplicate: (event: Event) => void;
}

export function EventCard({ event, status, raters, onDuplicate }: EventCardProps) {
  const detail = failureDetail(event, status);
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={paths.event(event.id)} sx={{ flexGrow: 1 }}>
        <CardContent>
          {(event.normalLogo || event.middleLogo) && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
              <Logo url={event.normalLogo} />
              <Logo url={event.middleLogo} />
            </Stack>
          )}
          <Typography variant="h6" component="h2">
            {event.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
            <VisuallyHidden>, </VisuallyHidden>
            {event.description}
          </Typography>
        </CardContent>
      </CardActionArea>
      <CardContent sx={{ pt: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <EventStatusChip status={status} />
          <Typography variant="body2">
            {event.startTime ? (
              <time dateTime={event.startTime.toISOString()}>{formatDateTime(event.startTime)}</time>
            ) : (
              eventCardMessages.noStartTime
            )}
          </Typography>
        </Stack>
        {detail && (
          <Typography variant="body2" color="error.dark" sx={{ mt: 1 }}>
            {detail}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {eventCardMessages.presenters(presenterCount(event))}
          {raters !== undefined && <> · {eventCardMessages.raters(raters)}</>}
        </Typography>
      </CardContent>
      <CardActions sx={{ pt: 0, px: 2, pb: 2 }}>
        <Button
          size="small"
          variant="outlined"
          aria-label={`${eventCardMessages.duplicate}: ${event.title}`}
          onClick={() => onDuplicate(event)}
        >
          {eventCardMessages.duplicate}
        </Button>
      </CardActions>
    </Card>
  );
}
