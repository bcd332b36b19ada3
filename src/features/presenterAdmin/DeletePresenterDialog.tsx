// The 'Confirm Delete' dialog of /invite (the spec's section 2): 'Are you sure you want to delete
// {name}?' with Cancel and Delete; Delete shows a spinner until the delete is done.

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { presenterName } from '../../lib/presenterForm';
import type { Presenter } from '../../types/presenter';

interface DeletePresenterDialogProps {
  open: boolean;
  /** The presenter to delete (kept while the dialog closes, so its text does not change). */
  presenter: Presenter | null;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function DeletePresenterDialog({ open, presenter, deleting, onCancel, onConfirm }: DeletePresenterDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={deleting ? undefined : onCancel}
      aria-labelledby="delete-presenter-title"
      aria-describedby="delete-presenter-text"
    >
      <DialogTitle id="delete-presenter-title">Confirm Delete</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-presenter-text">
          Are you sure you want to delete {presenter ? presenterName(presenter) : ''}?
        </DialogContentText>
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
