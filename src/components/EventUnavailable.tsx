// What an admin screen of one event shows when the event cannot be shown: why (not found, or the
// load failed) and the way back to the Events Dashboard.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';

export function EventUnavailable({ failed, message }: { failed: boolean; message: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity={failed ? 'error' : 'info'}>{message}</Alert>
      <Button component={RouterLink} to={paths.events} variant="outlined">
        Back to Events Dashboard
      </Button>
    </Stack>
  );
}
