// What a presenter who has already signed up on this device sees when they open their invite
// link again (the invite is used up by then): who they are signed up as, and where to go next.

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { presenterName } from '../../lib/presenterForm';
import type { Presenter } from '../../types/presenter';

export function SignedUpNotice({ presenter }: { presenter: Presenter }) {
  return (
    <Stack spacing={2}>
      <Typography>You are signed up as {presenterName(presenter)}.</Typography>
      <Typography>Follow the presenter queue during the event, and see who matched with you in the session results.</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Button variant="contained" component={RouterLink} to={paths.presenters}>
          Presenter Queue
        </Button>
        <Button variant="outlined" component={RouterLink} to={paths.results}>
          Session Results
        </Button>
      </Stack>
    </Stack>
  );
}
