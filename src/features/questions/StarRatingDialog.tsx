// The 'Star Rating System' dialog shown before the questions: what each number of stars means.
// Go Back returns to the presenter list; OK shows the questions.

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Rating from '@mui/material/Rating';
import { RATING_MAX } from '../../../domain/constants';

export const STAR_MEANINGS: Readonly<Record<number, string>> = {
  1: 'Limited knowledge/support',
  2: 'Can help with some basic needs',
  3: 'Moderate support',
  4: 'Broad service offerings',
  5: 'Full-service',
};

export interface StarRatingDialogProps {
  open: boolean;
  onGoBack: () => void;
  onOk: () => void;
}

export function StarRatingDialog({ open, onGoBack, onOk }: StarRatingDialogProps) {
  return (
    <Dialog open={open} onClose={onOk} aria-labelledby="star-rating-title" fullWidth maxWidth="xs">
      <DialogTitle id="star-rating-title">Star Rating System</DialogTitle>
      <DialogContent>
        <List dense aria-label="Star meanings">
          {Array.from({ length: RATING_MAX }, (_, index) => index + 1).map((stars) => (
            <ListItem key={stars} disableGutters sx={{ gap: 1.5 }}>
              <Rating value={stars} max={RATING_MAX} readOnly size="small" aria-hidden />
              <ListItemText primary={`${stars} = ${STAR_MEANINGS[stars]}`} />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onGoBack}>Go Back</Button>
        <Button onClick={onOk} variant="contained" autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
