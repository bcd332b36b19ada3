// One event on the events dashboard (the spec's section 2): its normal and middle logos, title
// and description; the whole card is a link to the event's control screen.

import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { VisuallyHidden } from '../../components/VisuallyHidden';
import { paths } from '../../config/paths';
import type { Event } from '../../types/event';

/** The logos are decorative here: the card's name is the event's title and description. */
function Logo({ url }: { url: string | null }) {
  if (!url) return null;
  return <Box component="img" src={url} alt="" sx={{ height: 48, maxWidth: '45%', objectFit: 'contain' }} />;
}

export function EventCard({ event }: { event: Event }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={paths.event(event.id)} sx={{ height: '100%' }}>
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
    </Card>
  );
}
