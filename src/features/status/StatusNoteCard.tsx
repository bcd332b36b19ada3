// The shared status note, live: shows the stored note as it changes anywhere and lets the
// user replace it.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { STATUS_NOTE_MAX_LENGTH } from '../../config/constants';
import { saveStatusNote, watchStatusNote, type StatusNote } from '../../db/status';
import { formatDateTime } from '../../lib/formatDateTime';

type Live = { state: 'loading' } | { state: 'ready'; status: StatusNote | null } | { state: 'failed' };

export function StatusNoteCard() {
  const [live, setLive] = useState<Live>({ state: 'loading' });
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(
    () =>
      watchStatusNote(
        (status) => setLive({ state: 'ready', status }),
        () => setLive({ state: 'failed' }),
      ),
    [],
  );

  const stored = live.state === 'ready' ? (live.status?.note ?? '') : '';
  // Until the user starts typing, the field follows the live note.
  const value = draft ?? stored;
  const trimmed = value.trim();
  const canSave = !saving && trimmed.length > 0 && trimmed !== stored;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSave) return;
    setSaving(true);
    try {
      await saveStatusNote(trimmed);
      setDraft(null);
      toast.success('Note saved.');
    } catch {
      toast.error('The note could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Status note
        </Typography>

        <section aria-labelledby="current-note-heading">
          <Typography id="current-note-heading" variant="overline" component="h2">
            Current note
          </Typography>
          <div aria-live="polite">
            {live.state === 'loading' && <CircularProgress size={24} aria-label="Loading the note" />}
            {live.state === 'failed' && <Alert severity="error">The note cannot be loaded right now.</Alert>}
            {live.state === 'ready' && (
              <>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{live.status?.note || 'No note yet.'}</Typography>
                {live.status?.updatedAt && (
                  <Typography variant="body2" color="text.secondary">
                    Updated {formatDateTime(live.status.updatedAt)}
                  </Typography>
                )}
              </>
            )}
          </div>
        </section>

        <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
          <TextField
            label="New note"
            value={value}
            onChange={(event) => setDraft(event.target.value)}
            helperText={`${value.length}/${STATUS_NOTE_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: STATUS_NOTE_MAX_LENGTH } }}
            disabled={live.state !== 'ready'}
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!canSave}
            startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' } }}
          >
            Save
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
