// The pending invites of /invite, newest first: each with its e-mail, its signup link (absolute,
// with a copy button), the link's QR code and downloads, where its e-mail stands (Send invite;
// waiting, sending, sent, or failed with the reason and Retry, read live; Retry too when a
// request has had no answer for over 2 minutes) and Revoke.

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { HeadingWithDetail } from '../../components/HeadingWithDetail';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/formatDateTime';
import { inviteMailView, type Invite } from '../../lib/inviteList';
import { InviteQrCode } from './InviteQrCode';

interface PendingInviteListProps {
  /** Null while loading. */
  invites: Invite[] | null;
  /** The message to show when the invites could not be loaded. */
  failure: string | null;
  /** Copies the link; resolves false when the browser refused. */
  onCopy: (link: string) => Promise<boolean>;
  onSend: (invite: Invite) => Promise<void>;
  onRevoke: (invite: Invite) => void;
}

/** The invite's signup link; an invite stored before invites carried it gets it from this app's address. */
function linkOf(invite: Invite): string {
  return invite.signupUrl !== '' ? invite.signupUrl : `${window.location.origin}${paths.signup(invite.id)}`;
}

/** How often a request still under way is looked at again, so that a stalled one offers Retry. */
const STALL_CHECK_MS = 15_000;

function MailStatus({ invite, onSend }: { invite: Invite; onSend: () => Promise<void> }) {
  const [asking, setAsking] = useState(false);
  const [now, setNow] = useState(Date.now);
  const view = inviteMailView(invite, now);
  const underWay = view.kind === 'waiting' || view.kind === 'sending';
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => setNow(Date.now()), STALL_CHECK_MS);
    return () => clearInterval(timer);
  }, [underWay]);
  const ask = async () => {
    setAsking(true);
    try {
      await onSend();
    } finally {
      setAsking(false);
    }
  };
  const spinner = asking ? <CircularProgress size={16} color="inherit" aria-label="Requesting" /> : undefined;
  // A first send before any request; a retry after a failure or a stall.
  const action =
    view.kind === 'notRequested'
      ? { label: 'Send invite', name: `Send invite to ${invite.email}` }
      : view.kind === 'failed' || view.kind === 'stalled'
        ? { label: 'Retry', name: `Retry the invite to ${invite.email}` }
        : null;
  const text =
    view.kind === 'notRequested'
      ? 'Not sent yet'
      : view.kind === 'waiting'
        ? 'Waiting to send…'
        : view.kind === 'sending'
          ? 'Sending…'
          : view.kind === 'stalled'
            ? 'Not sent: the mail service has not answered'
            : view.kind === 'sent'
              ? 'Sent'
              : `Failed: ${view.reason}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Typography
        role="status"
        aria-label={`E-mail to ${invite.email}`}
        variant="body2"
        color={view.kind === 'failed' ? 'error' : view.kind === 'sent' ? 'success.main' : 'text.secondary'}
        title={view.kind === 'sent' ? formatDateTime(view.at) : undefined}
        sx={{ overflowWrap: 'anywhere' }}
      >
        {text}
      </Typography>
      {action && (
        <Button size="small" variant="contained" onClick={ask} disabled={asking} startIcon={spinner} aria-label={action.name}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}

function PendingInvite({
  invite,
  onCopy,
  onSend,
  onRevoke,
}: { invite: Invite } & Omit<PendingInviteListProps, 'invites' | 'failure'>) {
  const headingId = useId();
  const linkRef = useRef<HTMLInputElement>(null);
  const link = linkOf(invite);

  const copy = async () => {
    if (await onCopy(link)) return;
    // Refused: the link is selected, ready for the admin to copy by hand.
    linkRef.current?.focus();
    linkRef.current?.select();
  };

  return (
    <Box component="li" aria-labelledby={headingId} sx={{ listStyle: 'none', py: 2, borderTop: 1, borderColor: 'divider' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' } }}>
        <InviteQrCode link={link} email={invite.email} />
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <HeadingWithDetail
            id={headingId}
            variant="subtitle1"
            component="h4"
            detail={invite.createdAt && <>Created {formatDateTime(invite.createdAt)}</>}
          >
            {invite.email}
          </HeadingWithDetail>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label="Invite link"
              value={link}
              size="small"
              fullWidth
              inputRef={linkRef}
              slotProps={{ htmlInput: { readOnly: true, 'aria-label': `Invite link for ${invite.email}` } }}
            />
            <Button variant="outlined" onClick={copy} aria-label={`Copy link for ${invite.email}`} sx={{ flexShrink: 0 }}>
              Copy link
            </Button>
          </Stack>
          <MailStatus invite={invite} onSend={() => onSend(invite)} />
          <Box>
            <Button color="error" onClick={() => onRevoke(invite)} aria-label={`Revoke the invite for ${invite.email}`}>
              Revoke
            </Button>
          </Box>
        </Stack>
      </Stack>
    </Box>
  );
}

export function PendingInviteList({ invites, failure, onCopy, onSend, onRevoke }: PendingInviteListProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Pending Invites
      </Typography>
      {invites === null && failure === null && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Loading invites" />
        </Box>
      )}
      {invites === null && failure !== null && <Typography color="error">{failure}</Typography>}
      {invites !== null && invites.length === 0 && <Typography color="text.secondary">No pending invites.</Typography>}
      {invites !== null && invites.length > 0 && (
        <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, p: 0 }}>
          {invites.map((invite) => (
            <PendingInvite key={invite.id} invite={invite} onCopy={onCopy} onSend={onSend} onRevoke={onRevoke} />
          ))}
        </Box>
      )}
    </Box>
  );
}
