// The admin sign-in ('Admin Portal', the spec's sections 2 and 8): e-mail and password, Continue
// disabled while the password is empty, a spinner while signing in, 'Incorrect Credentials' for
// wrong credentials or a non-admin account, 'An error occurred. Please try again.' otherwise.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { FocusDrawnTextField } from '../../components/FocusDrawnTextField';
import { useTypedInput } from '../../components/useTypedInput';
import { useAdmin } from '../../contexts/AdminContext';

export const adminLoginMessages = {
  incorrect: 'Incorrect Credentials',
  failed: 'An error occurred. Please try again.',
} as const;

export function AdminLogin() {
  const { signIn } = useAdmin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useTypedInput(form, ({ values }) => {
    if (typeof values.email === 'string') setEmail(values.email);
    if (typeof values.password === 'string') setPassword(values.password);
  });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '' || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      if (!(await signIn(email, password))) setError(adminLoginMessages.incorrect);
    } catch (failure) {
      console.warn('Admin sign-in failed.', failure);
      setError(adminLoginMessages.failed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby="admin-portal-heading"
      sx={{ p: { xs: 2, sm: 4 }, maxWidth: 420, mx: 'auto', mt: 4 }}
    >
      <Stack component="form" ref={form} spacing={2} onSubmit={submit} noValidate>
        <Typography id="admin-portal-heading" variant="h5" component="h1">
          Admin Portal
        </Typography>
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
        <FocusDrawnTextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoFocus
        />
        <FocusDrawnTextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={password === '' || submitting}
          startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-label="Signing in" /> : undefined}
        >
          Continue
        </Button>
      </Stack>
    </Paper>
  );
}
