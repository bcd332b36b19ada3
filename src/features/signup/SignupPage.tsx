// The presenter signup page (/signup?c=<inviteId>, the spec's sections 2, 4 and 8). The invite is
// checked on load: 'Invalid invite link.' without c, 'Invite does not exist.' when it is gone,
// 'Invite check failed' when it cannot be checked, else the form. A presenter who signed up on
// this device and opens the link again is told who they are signed up as and where to go.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLoad } from '../../components/useLoad';
import { env } from '../../config/env';
import { getInvite, getMyPresenter } from '../../db/signup';
import type { Presenter } from '../../types/presenter';
import { SignedUpNotice } from './SignedUpNotice';
import { SignupForm } from './SignupForm';

export const signupMessages = {
  intro: 'Please complete the following information to join the event.',
  checking: 'Checking your invite...',
  invalidLink: 'Invalid invite link.',
  missing: 'Invite does not exist.',
  usedOnce:
    'An invite link can be used only once: after signing up it cannot be opened again, also not on another device. If you have not signed up yet, or need help, please contact the organisers at',
  checkFailed: 'Invite check failed',
} as const;

type InviteCheck = { kind: 'signedUp'; presenter: Presenter } | { kind: 'invite'; email: string } | { kind: 'missing' };

/** Whether this device's visitor has signed up already, else whether the invite exists. Throws when it cannot be told. */
async function checkInvite(inviteId: string): Promise<InviteCheck> {
  const [presenter, invite] = await Promise.allSettled([getMyPresenter(), getInvite(inviteId)]);
  if (presenter.status === 'rejected') throw presenter.reason;
  if (presenter.value) return { kind: 'signedUp', presenter: presenter.value };
  if (invite.status === 'rejected') throw invite.reason;
  return invite.value ? { kind: 'invite', email: invite.value.email } : { kind: 'missing' };
}

function InviteState({ inviteId }: { inviteId: string }) {
  const [attempt, setAttempt] = useState(0);
  const loaded = useLoad(`${attempt}:${inviteId}`, () => checkInvite(inviteId));

  if (loaded.state === 'loading') {
    return (
      <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center', py: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{signupMessages.checking}</Typography>
      </Stack>
    );
  }
  if (loaded.state === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => setAttempt((previous) => previous + 1)}>
            Try again
          </Button>
        }
      >
        {signupMessages.checkFailed}
      </Alert>
    );
  }
  const check = loaded.value;
  if (check.kind === 'signedUp') return <SignedUpNotice presenter={check.presenter} />;
  if (check.kind === 'missing') {
    return (
      <Stack spacing={2}>
        <Alert severity="error">{signupMessages.missing}</Alert>
        <Typography>
          {signupMessages.usedOnce} <Link href={`mailto:${env.contactEmail}`}>{env.contactEmail}</Link>.
        </Typography>
      </Stack>
    );
  }
  return (
    <>
      <Typography>{signupMessages.intro}</Typography>
      <SignupForm inviteId={inviteId} email={check.email} />
    </>
  );
}

/** The page for the invite id of the link's c parameter (null when the link has none). */
export function SignupPage({ inviteId }: { inviteId: string | null }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 600, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography id="signup-heading" variant="h5" component="h1">
          Presenter Signup
        </Typography>
        {inviteId === null ? (
          <Alert severity="error">{signupMessages.invalidLink}</Alert>
        ) : (
          <InviteState key={inviteId} inviteId={inviteId} />
        )}
      </Stack>
    </Paper>
  );
}
