// 'Confirm Deletion' before an event is deleted (the spec's section 2, "Edit Event"): the event
// goes with its logos, answers and final matches, and this cannot be undone.

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export const deleteQuestion = 'Are you sure you want to delete this event? This action cannot be undone.';

export interface DeleteEventDialogProps {
  open: boolean;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteEventDialog({ open, deleting, onConfirm, onCancel }: DeleteEventDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={deleting ? undefined : onCancel}
      aria-labelledby="delete-event-title"
      aria-describedby="delete-event-question"
    >
      <DialogTitle id="delete-event-title">Confirm Deletion</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-event-question">{deleteQuestion}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={deleting} autoFocus>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          color="error"
          variant="contained"
          disabled={deleting}
          startIcon={deleting ? <CircularProgress size={18} color="inherit" aria-label="Deleting" /> : undefined}
        >
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
