// The 'Invite Presenter' section of /invite (admin only): one e-mail or a pasted list (one per
// line or comma-separated) becomes invites, each refused entry reported line by line while the
// valid ones are still created; an address that already belongs to a presenter or has a pending
// invite is reported instead of invited twice. Below, the pending invites, followed live. This
// section tells the admin how each action went, with toasts of the spec's admin length (4 s).

import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { timings } from '../../config/constants';
import { useAdmin } from '../../contexts/AdminContext';
import { currentAdminUid } from '../../db/adminAuth';
import { createInvites, requestInviteMail, revokeInvite, watchInvites } from '../../db/invites';
import { parseInviteList, type Invite } from '../../lib/inviteList';
import { PendingInviteList } from './PendingInviteList';

export const inviteMessages = {
  created: (count: number) => (count === 1 ? 'Invite created.' : `${count} invites created.`),
  createFailed: 'Failed to create invites.',
  empty: 'Enter an e-mail address.',
  notInvited: 'Not invited',
  linkCopied: 'Link copied.',
  copyFailed: 'Could not copy the link. It is selected: copy it with Ctrl+C (⌘C on a Mac).',
  sendFailed: 'Failed to send invite.',
  revoked: 'Invite revoked.',
  revokeFailed: 'Failed to revoke invite.',
  loadFailed: 'Failed to load invites.',
} as const;

const toastOptions = { autoClose: timings.adminToastMs };

type Loaded = { state: 'loading' } | { state: 'ready'; invites: Invite[] } | { state: 'failed' };

export function InviteSection() {
  const { presenters, presentersError } = useAdmin();
  const headingId = useId();
  const problemsId = useId();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [empty, setEmpty] = useState(false);
  const [creating, setCreating] = useState(false);
  const [confirm, setConfirm] = useState<{ open: boolean; invite: Invite | null }>({ open: false, invite: null });
  const [revoking, setRevoking] = useState(false);

  useEffect(
    () =>
      watchInvites(
        (invites) => setLoaded({ state: 'ready', invites }),
        (error) => {
          console.warn('The invites could not be followed.', error);
          setLoaded({ state: 'failed' });
        },
      ),
    [],
  );

  // The 'already a presenter' and 'already pending' checks need both lists (a failed presenters
  // load is reported by the presenter list and does not block inviting).
  const ready = loaded.state === 'ready' && (presenters !== null || presentersError !== null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loaded.state !== 'ready') return;
    const list = parseInviteList(text, presenters ?? [], loaded.invites);
    setProblems(list.problems);
    setEmpty(list.emails.length === 0 && list.problems.length === 0);
    if (list.emails.length === 0) return;
    setCreating(true);
    try {
      const uid = currentAdminUid();
      if (uid === null) throw new Error('No admin is signed in.');
      await createInvites(list.emails, uid, window.location.origin);
      toast.success(inviteMessages.created(list.emails.length), toastOptions);
      setText('');
    } catch (error) {
      console.warn('Creating the invites failed.', error);
      toast.error(inviteMessages.createFailed, toastOptions);
    } finally {
      setCreating(false);
    }
  };

  const copy = async (link: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(inviteMessages.linkCopied, toastOptions);
      return true;
    } catch (error) {
      console.warn('Copying the link failed.', error);
      toast.warning(inviteMessages.copyFailed, toastOptions);
      return false;
    }
  };

  const send = async (invite: Invite) => {
    try {
      await requestInviteMail(invite.id);
    } catch (error) {
      console.warn('Requesting the invite e-mail failed.', error);
      toast.error(inviteMessages.sendFailed, toastOptions);
    }
  };

  const revoke = async () => {
    const invite = confirm.invite;
    if (!invite) return;
    setRevoking(true);
    try {
      await revokeInvite(invite.id);
      toast.success(inviteMessages.revoked, toastOptions);
    } catch (error) {
      console.warn('Revoking the invite failed.', error);
      toast.error(inviteMessages.revokeFailed, toastOptions);
    } finally {
      setRevoking(false);
      setConfirm({ open: false, invite });
    }
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        Invite Presenter
      </Typography>
      <Box component="form" noValidate onSubmit={submit} sx={{ mb: 3 }}>
        <Stack spacing={2}>
          <TextField
            label="E-mail addresses"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setEmpty(false);
            }}
            multiline
            minRows={2}
            maxRows={10}
            fullWidth
            error={empty}
            helperText={empty ? inviteMessages.empty : 'One e-mail, or a list: one per line or separated by commas.'}
          />
          {problems.length > 0 && (
            <Alert severity="warning" aria-labelledby={problemsId}>
              <AlertTitle id={problemsId}>{inviteMessages.notInvited}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </Box>
            </Alert>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={!ready || creating}
              startIcon={creating ? <CircularProgress size={18} color="inherit" aria-label="Creating invites" /> : undefined}
            >
              Create Invites
            </Button>
          </Box>
        </Stack>
      </Box>
      <PendingInviteList
        invites={loaded.state === 'ready' ? loaded.invites : null}
        failure={loaded.state === 'failed' ? inviteMessages.loadFailed : null}
        onCopy={copy}
        onSend={send}
        onRevoke={(invite) => setConfirm({ open: true, invite })}
      />
      <ConfirmDialog
        open={confirm.open}
        title="Revoke Invite"
        // The invite is kept while the dialog closes, so its text does not change.
        question={`Revoke the invite for ${confirm.invite?.email ?? ''}? Its link will stop working.`}
        confirmLabel="Revoke"
        busy={revoking}
        busyLabel="Revoking"
        destructive
        onCancel={() => setConfirm((previous) => ({ ...previous, open: false }))}
        onConfirm={revoke}
      />
    </Paper>
  );
}
