// The 'Add New Presenter' / 'Edit Presenter' form of /invite (the spec's sections 2 and 5). The
// photo is a URL text field (profile_url), not an upload: presenters' photos are hosted where the
// presenter keeps them (their website or LinkedIn), and storage.rules allow uploads of event logos
// only. The problem with the form shows on submit, with the spec's words, and the first field at
// fault takes the focus.

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Loaded } from '../../components/useLoad';
import { PHONE_FORMAT } from '../../config/constants';
import type { QuestionTitle } from '../../db/presenters';
import { formatPhoneInput } from '../../lib/phone';
import {
  emptyPresenterForm,
  presenterFieldLimits,
  presenterFormProblem,
  presenterFormValues,
  toggleFavourite,
  toPresenterFields,
  type PresenterFormValues,
  type PresenterTextField,
} from '../../lib/presenterForm';
import type { Presenter, PresenterFields } from '../../types/presenter';

export const favouritesMessages = {
  loading: 'Loading questions...',
  failed: 'Failed to load favourite questions.',
  none: 'There are no questions yet.',
} as const;

const textFields: { name: PresenterTextField; label: string; type: string; required?: boolean; helper?: string }[] = [
  { name: 'first_name', label: 'First Name', type: 'text', required: true },
  { name: 'last_name', label: 'Last Name', type: 'text', required: true },
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'company', label: 'Company Name', type: 'text' },
  { name: 'phone', label: 'Phone Number', type: 'tel', helper: `Optional. ${PHONE_FORMAT}` },
  { name: 'website', label: 'Website', type: 'url' },
  { name: 'profile_url', label: 'Photo URL', type: 'url', helper: 'A link to the photo, https://...' },
  { name: 'linkedin_url', label: 'LinkedIn URL', type: 'url' },
];

interface PresenterFormProps {
  /** The presenter being edited, or null to add a new one. */
  presenter: Presenter | null;
  questions: Loaded<QuestionTitle[]>;
  /** Saves the fields; resolves true when saved (the screen then resets or closes the form). */
  onSave: (fields: PresenterFields) => Promise<boolean>;
  onCancel: () => void;
}

function FavouriteQuestions({
  questions,
  favourites,
  disabled,
  onToggle,
}: {
  questions: Loaded<QuestionTitle[]>;
  favourites: readonly string[];
  disabled: boolean;
  onToggle: (questionId: string, ticked: boolean) => void;
}) {
  const legendId = useId();
  return (
    <Stack component="fieldset" spacing={0.5} sx={{ border: 0, p: 0, m: 0 }} aria-labelledby={legendId}>
      <Typography id={legendId} component="legend" variant="subtitle1" sx={{ p: 0 }}>
        Favourite Questions
      </Typography>
      {questions.state === 'loading' && (
        <Typography role="status" variant="body2" color="text.secondary">
          {favouritesMessages.loading}
        </Typography>
      )}
      {questions.state === 'failed' && <Alert severity="error">{favouritesMessages.failed}</Alert>}
      {questions.state === 'ready' && questions.value.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {favouritesMessages.none}
        </Typography>
      )}
      {questions.state === 'ready' && questions.value.length > 0 && (
        <FormGroup>
          {questions.value.map((question) => (
            <FormControlLabel
              key={question.id}
              label={question.title}
              control={
                <Checkbox
                  checked={favourites.includes(question.id)}
                  onChange={(event) => onToggle(question.id, event.target.checked)}
                  disabled={disabled}
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </Stack>
  );
}

export function PresenterForm({ presenter, questions, onSave, onCancel }: PresenterFormProps) {
  const [values, setValues] = useState<PresenterFormValues>(() =>
    presenter ? presenterFormValues(presenter) : emptyPresenterForm,
  );
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const inputs = useRef<Partial<Record<PresenterTextField, HTMLInputElement | null>>>({});
  const headingId = useId();
  const editing = presenter !== null;

  // 'Edit' moves the keyboard to the form (on a narrow screen it sits above the list).
  useEffect(() => {
    if (editing) inputs.current.first_name?.focus();
  }, [editing]);

  // After a first submit, the problem follows the typing: it goes away once fixed.
  const problem = submitted ? presenterFormProblem(values) : null;

  const change = (field: PresenterTextField, value: string) =>
    setValues((previous) => ({ ...previous, [field]: field === 'phone' ? formatPhoneInput(value) : value }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    const found = presenterFormProblem(values);
    if (found) {
      const first = found.fields[0];
      if (first) inputs.current[first]?.focus();
      return;
    }
    setSaving(true);
    const saved = await onSave(toPresenterFields(values));
    // A saved form is replaced by the screen (a fresh form, or 'Add New Presenter' again).
    if (!saved) setSaving(false);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-labelledby={headingId} aria-busy={saving}>
        <Typography id={headingId} variant="h6" component="h2">
          {editing ? 'Edit Presenter' : 'Add New Presenter'}
        </Typography>
        {textFields.map((field) => {
          const invalid = problem?.fields.includes(field.name) ?? false;
          return (
            <TextField
              key={field.name}
              name={field.name}
              label={field.label}
              type={field.type}
              required={field.required}
              value={values[field.name]}
              onChange={(event) => change(field.name, event.target.value)}
              error={invalid}
              helperText={field.helper}
              disabled={saving}
              inputRef={(element: HTMLInputElement | null) => {
                inputs.current[field.name] = element;
              }}
              slotProps={{
                htmlInput: {
                  maxLength: presenterFieldLimits[field.name],
                  ...(field.name === 'phone' ? { inputMode: 'tel' } : {}),
                },
              }}
              fullWidth
            />
          );
        })}
        <FavouriteQuestions
          questions={questions}
          favourites={values.favourites}
          disabled={saving}
          onToggle={(questionId, ticked) =>
            setValues((previous) => ({ ...previous, favourites: toggleFavourite(previous.favourites, questionId, ticked) }))
          }
        />
        {problem && <Alert severity="error">{problem.message}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            startIcon={saving ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : undefined}
          >
            {editing ? 'Update Presenter' : 'Add Presenter'}
          </Button>
          {editing && (
            <Button variant="outlined" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
