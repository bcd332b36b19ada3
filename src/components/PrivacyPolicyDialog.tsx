// The Privacy Policy, opened as a modal from the profile and signup forms: what is collected,
// why, who sees it, and whom to contact.

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { env } from '../config/env';

export interface PrivacyPolicyDialogProps {
  open: boolean;
  onClose: () => void;
}

export function PrivacyPolicyDialog({ open, onClose }: PrivacyPolicyDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} scroll="paper" aria-labelledby="privacy-policy-title" fullWidth maxWidth="sm">
      <DialogTitle id="privacy-policy-title">Privacy Policy</DialogTitle>
      <DialogContent dividers>
        <Typography variant="h6" component="h3" gutterBottom>
          Privacy statement
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {env.organisationName} collects your name, e-mail address, company and, if you give it, your phone number so that you
          can take part in its live pitch sessions: to rate presenters, to match you with the presenters you can support, and to
          send you the session results.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Your ratings and comments are used only for matching and for improving future sessions. When you are matched with a
          presenter, your name, company and e-mail address are shared with that presenter and shown in the session results. Your
          phone number is never shown to other participants.
        </Typography>
        <Typography sx={{ mb: 2 }}>
          Your information is stored securely, is not sold or shared with anyone else, and is kept only as long as needed for
          these purposes. You may ask at any time to see, correct or delete it.
        </Typography>
        <Typography variant="h6" component="h3" gutterBottom>
          Contact details
        </Typography>
        <Typography>
          {env.organisationName}
          <br />
          E-mail: <Link href={`mailto:${env.contactEmail}`}>{env.contactEmail}</Link>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
