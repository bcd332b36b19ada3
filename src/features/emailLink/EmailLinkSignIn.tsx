// The page a result e-mail's sign-in link opens (/feedback/:eventId for a presenter, /results for
// a provider) first asks for the address the link was sent to, signs that account in, and then
// shows the page without the link in its address; a used or expired link, or another address, is
// said plainly, and a used or expired one offers a fresh link to the same address (docs/email.md,
// "Sign-in links").

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { EmailLinkError, hasEmailSignInLink, type EmailLinkFailure } from '../../lib/emailLink';

/** The sign-in's code (Auth and the full Firestore SDK), fetched only once an address is submitted. */
const signInCode = () => import('../../db/emailLink');

export const emailLinkMessages = {
  heading: 'Sign in to see your results',
  ask: 'Enter the e-mail address this link was sent to.',
  required: 'Required',
  'used-or-expired':
    'This sign-in link has been used or has expired. Open the link in your newest result e-mail, or ask the organisers.',
  'wrong-address': 'This link was sent to another address. Enter the address that received it.',
  failed: 'Could not sign in. Check the connection and try again.',
  fresh: 'Send me a fresh link',
  freshSent: 'If this address received results from us, a fresh link is on its way. A link is sent at most once a minute.',
  freshFailed: 'The fresh link could not be asked for. Check the address and the connection, and try again.',
} as const satisfies Record<string, string> & Record<EmailLinkFailure, string>;

/** Renders `children` once the page's e-mail link (if any) has signed in; `onSignedIn` runs first. */
export function EmailLinkSignIn({ children, onSignedIn }: { children: ReactNode; onSignedIn?: (uid: string) => Promise<void> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<EmailLinkFailure | 'required' | null>(null);
  const [fresh, setFresh] = useState<'asking' | 'asked' | 'failed' | null>(null);

  // Read from the router (not window), so the pages' first screens still render ahead of time.
  if (!hasEmailSignInLink(location.search)) return <>{children}</>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setFailure('required');
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { signInWithResultLink } = await signInCode();
      const uid = await signInWithResultLink(email, window.location.href);
      await onSignedIn?.(uid);
      // The link works once: the page's address drops it.
      navigate(location.pathname, { replace: true });
    } catch (error) {
      console.warn('The e-mail link did not sign in.', error);
      setFailure(error instanceof EmailLinkError ? error.reason : 'failed');
    } finally {
      setBusy(false);
    }
  };

  const askFresh = async () => {
    setFresh('asking');
    try {
      const { requestFreshSignInLink } = await signInCode();
      await requestFreshSignInLink(email, location.pathname);
      setFresh('asked');
    } catch (error) {
      console.warn('A fresh sign-in link could not be asked for.', error);
      setFresh('failed');
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ maxWidth: 480, mx: 'auto', py: 2 }}
    >
      <Typography variant="h5" component="h1">
        {emailLinkMessages.heading}
      </Typography>
      <Typography>{emailLinkMessages.ask}</Typography>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={failure === 'required'}
        helperText={failure === 'required' ? emailLinkMessages.required : undefined}
      />
      {failure && failure !== 'required' && <Alert severity="error">{emailLinkMessages[failure]}</Alert>}
      {failure === 'used-or-expired' && fresh !== 'asked' && (
        <Button variant="outlined" disabled={fresh === 'asking' || !email.trim()} onClick={() => void askFresh()}>
          {emailLinkMessages.fresh}
        </Button>
      )}
      {fresh === 'asked' && (
        <Alert severity="success" role="status">
          {emailLinkMessages.freshSent}
        </Alert>
      )}
      {fresh === 'failed' && <Alert severity="error">{emailLinkMessages.freshFailed}</Alert>}
      <Button type="submit" variant="contained" disabled={busy}>
        Sign in
      </Button>
    </Stack>
  );
}
