// The presenter signup form (the spec's sections 2 and 5): First Name, Last Name, the invite's
// e-mail (read-only: firestore.rules accept only the invite's e-mail), Company Name, Website,
// Phone Number and the Privacy Policy agreement, checked as the profile form is. Save creates the
// presenter and uses up the invite, shows the spec's top-centre toast for 6 seconds and, on
// success, goes to / after 2 seconds (the spec's sections 4, 8 and 9). What is typed and not yet
// saved is kept in the tab (src/lib/drafts.ts), so a reload of the page brings it back.

import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast, type ToastOptions } from 'react-toastify';
import { validateProfile, type ProfileFormErrors, type ProfileFormValues } from '../../../domain/validation';
import { type ContactField } from '../../components/ContactFields';
import { ContactFormBody } from '../../components/ContactFormBody';
import { useDraft } from '../../components/useDraft';
import { useMounted } from '../../components/useMounted';
import { PHONE_FORMAT, timings } from '../../config/constants';
import { paths } from '../../config/paths';
import { completeSignup } from '../../db/signup';
import { formDraft } from '../../lib/drafts';
import { isWebAddress, presenterFormMessages } from '../../lib/presenterForm';

export const signupFormMessages = {
  completed: 'Completed signup.',
  failed: 'Could not complete signup.',
  emailHelp: 'The e-mail address your invite was sent to.',
} as const;

/** The spec's section 2 and 9: a top-centre toast that shows for 6 seconds. */
const toastOptions: ToastOptions = { autoClose: timings.signupToastMs, position: 'top-center' };

interface SignupFormValues extends ProfileFormValues {
  website: string;
}

type TextFieldName = Exclude<keyof SignupFormValues, 'terms_accepted'>;
type SignupFormErrors = ProfileFormErrors & { website?: string };

const textFields: ContactField<TextFieldName>[] = [
  { name: 'first_name', label: 'First Name', type: 'text', autoComplete: 'given-name', required: true },
  { name: 'last_name', label: 'Last Name', type: 'text', autoComplete: 'family-name', required: true },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true },
  { name: 'company', label: 'Company Name', type: 'text', autoComplete: 'organization', required: true },
  { name: 'website', label: 'Website', type: 'url', autoComplete: 'url', required: false },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: false },
];

/** The invite's e-mail: firestore.rules accept no other. */
const readOnlyFields: TextFieldName[] = ['email'];

const helpTexts: Partial<Record<TextFieldName, string>> = {
  email: signupFormMessages.emailHelp,
  website: 'Optional. Starting with http:// or https://',
  phone: `Optional. ${PHONE_FORMAT}`,
};

/** The profile form's rules (the spec's section 5), and a website, when given, must be a web address. */
function validateSignup(values: SignupFormValues): SignupFormErrors {
  const errors: SignupFormErrors = validateProfile(values);
  const website = values.website.trim();
  if (website !== '' && !isWebAddress(website)) errors.website = presenterFormMessages.invalidUrl;
  return errors;
}

const blankSignup = (email: string): SignupFormValues => ({
  first_name: '',
  last_name: '',
  email,
  company: '',
  phone: '',
  website: '',
  terms_accepted: false,
});

const signupDraft = (stored: unknown) => formDraft(stored, blankSignup(''));

export interface SignupFormProps {
  inviteId: string;
  /** The invite's e-mail, which the presenter signs up with. */
  email: string;
}

export function SignupForm({ inviteId, email }: SignupFormProps) {
  const navigate = useNavigate();
  const { draft, keep: keepDraft, drop: dropDraft } = useDraft(`signup/${inviteId}`, signupDraft);
  // The e-mail is always the invite's.
  const [values, setValues] = useState<SignupFormValues>(() => ({ ...(draft ?? blankSignup(email)), email }));
  const edited = useRef(draft !== null);
  const [saving, setSaving] = useState(false);
  const [completed, setCompleted] = useState(false);
  const mounted = useMounted();

  const errors = validateSignup(values);
  const valid = Object.keys(errors).length === 0;
  const locked = saving || completed;

  useEffect(() => {
    if (edited.current) keepDraft(values);
  }, [values, keepDraft]);

  const change = (field: keyof SignupFormValues, value: string | boolean) => {
    edited.current = true;
    setValues((previous) => ({ ...previous, [field]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || locked) return;
    setSaving(true);
    try {
      await completeSignup(inviteId, values);
      dropDraft();
      toast.success(signupFormMessages.completed, toastOptions);
      setCompleted(true);
      setTimeout(() => {
        if (mounted.current) navigate(paths.home);
      }, timings.redirectAfterSignupMs);
    } catch {
      toast.error(signupFormMessages.failed, toastOptions);
    } finally {
      if (mounted.current) setSaving(false);
    }
  };

  return (
    <>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-labelledby="signup-heading" aria-busy={saving}>
        <ContactFormBody
          fields={textFields}
          values={values}
          errors={errors}
          // The e-mail cannot be edited, so a problem with it shows at once.
          alreadyTouched={{ email: true }}
          helpTexts={helpTexts}
          readOnly={readOnlyFields}
          onChange={change}
          saving={saving}
          disabled={locked}
        />
      </Stack>
    </>
  );
}
