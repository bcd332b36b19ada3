// A question before an action that cannot be taken back or reaches beyond the screen (the spec's
// 'Confirm Deletion', 'Confirm Delete', and the confirms of Start Matching and Send Emails): Cancel
// and the action, with a spinner on the action while it runs. A destructive action is red and
// the focus starts on Cancel; otherwise it starts on the action.

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  question: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** True while the action runs: both buttons wait, the dialog stays open. */
  busy?: boolean;
  /** The spinner's accessible name while busy. */
  busyLabel?: string;
  destructive?: boolean;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const {
    open,
    title,
    question,
    confirmLabel,
    onConfirm,
    onCancel,
    busy = false,
    busyLabel = 'Working',
    destructive = false,
  } = props;
  const id = useId();
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby={`${id}-title`} aria-describedby={`${id}-question`}>
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-question`}>{question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus={destructive}>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          color={destructive ? 'error' : 'primary'}
          variant="contained"
          disabled={busy}
          autoFocus={!destructive}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label={busyLabel} /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
