// The control screen's sync marker: whether the operator's last changes reached the server.

import Chip from '@mui/material/Chip';
import { CloudDoneIcon, CloudOffIcon } from '../../../components/Icons';
import type { SaveState } from './useControlSaves';

export function SaveStatus({ state, online }: { state: SaveState; online: boolean }) {
  const { label, color, icon } =
    state === 'saving'
      ? { label: online ? 'Saving…' : 'Saving… (offline)', color: 'default' as const, icon: undefined }
      : state === 'failed'
        ? { label: online ? 'Not saved: try again' : 'Not saved: offline', color: 'error' as const, icon: <CloudOffIcon /> }
        : online
          ? { label: 'All changes saved', color: 'success' as const, icon: <CloudDoneIcon /> }
          : { label: 'Offline: changes will not save', color: 'warning' as const, icon: <CloudOffIcon /> };
  return (
    <Chip
      role="status"
      aria-live="polite"
      size="small"
      variant="outlined"
      color={color}
      icon={icon}
      label={label}
      sx={{ fontWeight: 600 }}
    />
  );
}
