// The provider's profile form (/profile): name, e-mail, company, phone and the Privacy Policy
// agreement. Saving shows a success toast and moves on to the presenters after 2 seconds; a
// save that takes over 30 seconds gets a notice, and a failed one a warning toast. What is typed
// and not yet saved is kept in the tab (src/lib/drafts.ts), so a reload of the page, such as the
// app's own for a new version, brings it back.

import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { type ContactField } from '../../components/ContactFields';
import { ContactFormBody } from '../../components/ContactFormBody';
import { useDraft } from '../../components/useDraft';
import { useTypedInput } from '../../components/useTypedInput';
import { useMounted } from '../../components/useMounted';
import { PHONE_FORMAT, timings } from '../../config/constants';
import { paths } from '../../config/paths';
import { useUser } from '../../contexts/UserContext';
import { formDraft } from '../../lib/drafts';
import { typedFieldValue } from '../../lib/phone';
import { validateProfile, type ProfileFormValues } from '../../../domain/validation';
import type { TypedInput } from '../../lib/firstScreen';
import type { Provider } from '../../types/provider';

export const profileMessages = {
  saved: 'Profile saved successfully!',
  failed: 'An error occurred while saving your profile.',
  slow: 'Profile saving is taking longer than expected. Please check your internet connection.',
} as const;

type TextFieldName = Exclude<keyof ProfileFormValues, 'terms_accepted'>;
type Touched = Partial<Record<keyof ProfileFormValues, boolean>>;

const textFields: ContactField<TextFieldName>[] = [
  { name: 'first_name', label: 'First Name', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'last_name', label: 'Last Name', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'company', label: 'Company Name', type: 'text', autoComplete: 'organization', required: true },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: false },
];

const helpTexts: Partial<Record<TextFieldName, string>> = { phone: `Optional. ${PHONE_FORMAT}` };

function initialValues(user: Provider | null): ProfileFormValues {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    company: user?.company ?? '',
    phone: user?.phone ?? '',
    terms_accepted: user?.terms_accepted ?? false,
  };
}

const profileDraft = (stored: unknown) => formDraft(stored, initialValues(null));

/** The form's values with what was typed into the build-time form on top, as if typed here. */
function withTyped(current: ProfileFormValues, typed: TypedInput['values']): ProfileFormValues {
  const values = { ...current };
  for (const field of textFields) {
    const value = typed[field.name];
    if (typeof value === 'string') values[field.name] = typedFieldValue(field.name, value);
  }
  if (typeof typed.terms_accepted === 'boolean') values.terms_accepted = typed.terms_accepted;
  return values;
}

/** The fields left (or the box touched) in the build-time form: their messages show. */
function touchedIn(typed: TypedInput): Touched {
  const names = new Set(typed.touched);
  const fields = [...textFields.map((field) => field.name), 'terms_accepted' as const];
  return Object.fromEntries(fields.filter((name) => names.has(name)).map((name) => [name, true]));
}

export function ProfileForm() {
  const { user, saveProfile, startSignIn } = useUser();
  const navigate = useNavigate();
  const { draft, keep: keepDraft, drop: dropDraft } = useDraft('profile', profileDraft);
  const [values, setValues] = useState<ProfileFormValues>(() => draft ?? initialValues(user));
  const [saving, setSaving] = useState(false);
  const [slow, setSlow] = useState(false);
  const [touchedBefore, setTouchedBefore] = useState<Touched>({});
  /** Whether the visitor has typed (in this page or before a reload): their values stay. */
  const edited = useRef(draft !== null);
  const mounted = useMounted();
  const form = useRef<HTMLFormElement>(null);

  useTypedInput(form, (typed) => {
    // Typed into before the app took over: the visitor has started.
    edited.current = true;
    setValues((previous) => withTyped(previous, typed.values));
    setTouchedBefore(touchedIn(typed));
    startSignIn();
  });

  // The user changes after start-up only when the stored profile moves to a new sign-in: fill
  // the form in again unless the user has begun typing.
  useEffect(() => {
    if (!edited.current) setValues(initialValues(user));
  }, [user]);

  useEffect(() => {
    if (edited.current) keepDraft(values);
  }, [values, keepDraft]);

  useEffect(() => {
    if (!saving) return;
    const timer = setTimeout(() => setSlow(true), timings.profileSlowSaveMs);
    return () => clearTimeout(timer);
  }, [saving]);

  const errors = validateProfile(values);
  const valid = Object.keys(errors).length === 0;

  const change = (field: keyof ProfileFormValues, value: string | boolean) => {
    edited.current = true;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || saving) return;
    setSaving(true);
    setSlow(false);
    try {
      await saveProfile(values);
      dropDraft();
      toast.success(profileMessages.saved, { autoClose: timings.profileToastMs });
      setTimeout(() => {
        if (mounted.current) navigate(paths.presenters);
      }, timings.redirectAfterProfileSaveMs);
    } catch {
      toast.warning(profileMessages.failed, { autoClose: timings.profileToastMs });
    } finally {
      if (mounted.current) {
        setSaving(false);
        setSlow(false);
      }
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 600, mx: 'auto' }}>
      <Stack
        component="form"
        ref={form}
        spacing={2}
        onSubmit={onSubmit}
        // The visitor has started: sign in anonymously in the background, ready for Save. In the
        // capture phase: the fields keep their focus event to themselves (ContactFields.tsx).
        onFocusCapture={startSignIn}
        noValidate
        aria-labelledby="profile-heading"
        aria-busy={saving}
      >
        <Typography id="profile-heading" variant="h5" component="h1">
          Provider Profile
        </Typography>
        <ContactFormBody
          fields={textFields}
          values={values}
          errors={errors}
          alreadyTouched={touchedBefore}
          helpTexts={helpTexts}
          onChange={change}
          saving={saving}
          disabled={saving}
        />
        {slow && (
          <Alert severity="warning" role="status">
            {profileMessages.slow}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
