// The 'Event Closed' page: the event has no start time and is not open. Points to the results
// and to the innovation office's contact address.

import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { env } from '../../config/env';
import { paths } from '../../config/paths';

export function EventClosed() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h4" component="h1">
          Event Closed
        </Typography>
        <Typography>The event is not running right now. See who matched with whom in the session results.</Typography>
        <Button variant="contained" component={RouterLink} to={paths.results}>
          View Results
        </Button>
        <Typography variant="body2" color="text.secondary">
          Questions? Contact us at <Link href={`mailto:${env.contactEmail}`}>{env.contactEmail}</Link>
        </Typography>
      </Stack>
    </Paper>
  );
}
