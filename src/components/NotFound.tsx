// The page for any unknown address: 'Coming Soon', with a way back home.

import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';

export function NotFound() {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6 }}>
      <Typography variant="h4" component="h1">
        Coming Soon
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.home}>
        Go Back Home
      </Button>
    </Stack>
  );
}
