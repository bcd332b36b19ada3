// The 'Internet Error!' banner, shown for as long as the device is offline or the backend cannot be reached.

import Alert from '@mui/material/Alert';
import { CloudOffIcon } from './Icons';

export function OfflineBanner({ online }: { online: boolean }) {
  if (online) return null;
  return (
    <Alert
      severity="error"
      variant="filled"
      icon={<CloudOffIcon fontSize="inherit" />}
      role="alert"
      sx={{ borderRadius: 0, justifyContent: 'center' }}
    >
      Internet Error!
    </Alert>
  );
}
