// Send Emails' review (docs/email.md, "The review before sending"): before any result e-mail goes
// out the admin sees who will get one (presenters and providers, how many of each, the addresses),
// who was left out and why, the event's limit, and one e-mail of each kind as it will be sent, and
// may untick addresses. Send confirms exactly that list; the server sends nothing else.

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect, useId, useState } from 'react';
import type { MailPreview, ReviewRecipient } from '../../../../domain/emailReview';
import { ceilingRefusal } from '../../../../domain/resultMailGuard';
import { currentAdminUid } from '../../../db/adminAuth';
import { requestEmailReview, watchEmailReview, type EmailReview } from '../../../db/emailReview';

export const reviewMessages = {
  question: 'Are you sure you want to send emails?',
  waiting: 'Making the list of recipients…',
  requestFailed: 'The list of recipients could not be asked for. Check the connection and try again.',
  nobody: 'Nobody is ticked: nothing would be sent.',
} as const;

export interface EmailReviewDialogProps {
  open: boolean;
  eventId: string;
  onCancel: () => void;
  /** Send pressed on answer `reviewId`, with these recipients left out. */
  onSend: (reviewId: string, excluded: Pick<ReviewRecipient, 'role' | 'email'>[]) => void;
  busy?: boolean;
}

const keyOf = (recipient: Pick<ReviewRecipient, 'role' | 'email'>) => `${recipient.role}:${recipient.email}`;
const nameOf = (recipient: ReviewRecipient) => `${recipient.first_name} ${recipient.last_name}`.trim() || recipient.email;
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Follows the server's answer to a request made when the dialog's content mounts: the content
 * mounts afresh on each opening, so each opening asks afresh.
 */
function useEmailReview(eventId: string): EmailReview | { state: 'unavailable' } {
  const [review, setReview] = useState<EmailReview | { state: 'unavailable' }>({ state: 'waiting' });
  useEffect(() => {
    const uid = currentAdminUid();
    let unsubscribe: (() => void) | undefined;
    let closed = false;
    const unavailable = (error: unknown) => {
      console.warn('The recipients review could not be asked for.', error);
      if (!closed) setReview({ state: 'unavailable' });
    };
    // The request is written first, so the first answer followed is the one to this request.
    requestEmailReview(eventId, uid ?? '').then(() => {
      if (!closed) unsubscribe = watchEmailReview(eventId, setReview, unavailable);
    }, unavailable);
    return () => {
      closed = true;
      unsubscribe?.();
    };
  }, [eventId]);
  return review;
}

function RecipientList({
  title,
  recipients,
  excluded,
  onToggle,
}: {
  title: string;
  recipients: ReviewRecipient[];
  excluded: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const id = useId();
  if (recipients.length === 0) return null;
  return (
    <Box component="fieldset" aria-labelledby={id} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography id={id} component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title} ({recipients.length})
      </Typography>
      <Stack>
        {recipients.map((recipient) => {
          const key = keyOf(recipient);
          return (
            <FormControlLabel
              key={key}
              sx={{ overflowWrap: 'anywhere' }}
              control={<Checkbox checked={!excluded.has(key)} onChange={() => onToggle(key)} />}
              label={`${nameOf(recipient)} <${recipient.email}>`}
            />
          );
        })}
      </Stack>
    </Box>
  );
}

function Preview({ title, preview }: { title: string; preview: MailPreview | null }) {
  const id = useId();
  if (!preview) return null;
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography id={id} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        To: {preview.to}
      </Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        Subject: {preview.subject}
      </Typography>
      {/* Focusable, so a keyboard can scroll a long mail. */}
      <Box
        component="pre"
        tabIndex={0}
        aria-label={`${title}: text`}
        sx={{
          maxHeight: 240,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontFamily: 'inherit',
          fontSize: '0.875rem',
          bgcolor: 'action.hover',
          p: 1,
          borderRadius: 1,
        }}
      >
        {preview.text}
      </Box>
    </Box>
  );
}

function ReadyReview({
  review,
  excluded,
  onToggle,
}: {
  review: Extract<EmailReview, { state: 'ready' }>;
  excluded: ReadonlySet<string>;
  onToggle: (key: string) => void;
}) {
  const presenters = review.recipients.filter((recipient) => recipient.role === 'presenter');
  const providers = review.recipients.filter((recipient) => recipient.role === 'provider');
  const sending = review.recipients.length - review.recipients.filter((recipient) => excluded.has(keyOf(recipient))).length;
  const refusal = ceilingRefusal(sending, review);
  return (
    <Stack spacing={2}>
      <Typography>
        {plural(presenters.length, 'presenter', 'presenters')} and {plural(providers.length, 'provider', 'providers')} get an
        e-mail; {plural(sending, 'e-mail is', 'e-mails are')} ticked to send. This event may send at most {review.limit} (
        {plural(review.raters, 'provider', 'providers')} who rated + {plural(review.presenters, 'presenter', 'presenters')}).
      </Typography>
      {refusal && <Alert severity="error">{refusal}</Alert>}
      {sending === 0 && <Alert severity="warning">{reviewMessages.nobody}</Alert>}
      <RecipientList title="Presenters" recipients={presenters} excluded={excluded} onToggle={onToggle} />
      <RecipientList title="Providers" recipients={providers} excluded={excluded} onToggle={onToggle} />
      {review.leftOut.length > 0 && (
        <Box component="section" aria-label="Left out">
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Left out ({review.leftOut.length})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {review.leftOut.map((recipient) => (
              <Typography component="li" key={keyOf(recipient)} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {nameOf(recipient)} &lt;{recipient.email}&gt;: {recipient.reason}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      <Preview title="A presenter's e-mail" preview={review.previews.presenter} />
      <Preview title="A provider's e-mail" preview={review.previews.provider} />
    </Stack>
  );
}

export function EmailReviewDialog({ open, eventId, onCancel, onSend, busy = false }: EmailReviewDialogProps) {
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-question`}
    >
      <DialogTitle id={`${id}-title`}>Send Emails</DialogTitle>
      {open && <ReviewContent questionId={`${id}-question`} eventId={eventId} onCancel={onCancel} onSend={onSend} busy={busy} />}
    </Dialog>
  );
}

function ReviewContent({
  questionId,
  eventId,
  onCancel,
  onSend,
  busy,
}: Omit<EmailReviewDialogProps, 'open'> & { questionId: string; busy: boolean }) {
  const review = useEmailReview(eventId);
  // Unticked addresses, for the answer they were unticked on: a new answer starts with everyone ticked.
  const [unticked, setUnticked] = useState<{ reviewId: string; keys: Set<string> } | null>(null);
  const ready = review.state === 'ready' ? review : null;
  const excluded: ReadonlySet<string> = ready && unticked?.reviewId === ready.reviewId ? unticked.keys : new Set();

  const toggle = (key: string) => {
    if (!ready) return;
    const next = new Set(excluded);
    if (!next.delete(key)) next.add(key);
    setUnticked({ reviewId: ready.reviewId, keys: next });
  };
  const sending = ready ? ready.recipients.filter((recipient) => !excluded.has(keyOf(recipient))).length : 0;
  const canSend = ready !== null && sending > 0 && ceilingRefusal(sending, ready) === null && !busy;

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText id={questionId}>{reviewMessages.question}</DialogContentText>
          {review.state === 'waiting' && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={20} aria-label={reviewMessages.waiting} />
              <Typography>{reviewMessages.waiting}</Typography>
            </Stack>
          )}
          {review.state === 'unavailable' && <Alert severity="error">{reviewMessages.requestFailed}</Alert>}
          {review.state === 'failed' && <Alert severity="error">The list of recipients could not be made: {review.reason}</Alert>}
          {ready && <ReadyReview review={ready} excluded={excluded} onToggle={toggle} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          disabled={!canSend}
          onClick={() => {
            if (ready)
              onSend(
                ready.reviewId,
                ready.recipients.filter((recipient) => excluded.has(keyOf(recipient))),
              );
          }}
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-label="Sending" /> : undefined}
        >
          Send Emails
        </Button>
      </DialogActions>
    </>
  );
}
