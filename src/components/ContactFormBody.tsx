// What the profile and signup forms hold below their heading (the spec's sections 2 and 5): the
// contact fields, the Privacy Policy agreement and Save. A message shows once its field has been
// left (or the box touched), here or in the build-time first screen; Save waits for a form with
// no problem. The form owns the values and the saving, and decides when it is locked.

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { memo, useCallback, useState } from 'react';
import { ContactFields, type ContactFieldsProps } from './ContactFields';
import { PrivacyAgreement } from './PrivacyAgreement';
import { useLatest } from './useLatest';

type AgreedName<Name extends string> = Name | 'terms_accepted';

export interface ContactFormBodyProps<Name extends string> extends Omit<
  ContactFieldsProps<Name>,
  'values' | 'errors' | 'touched' | 'onChange' | 'onBlur'
> {
  values: Record<Name, string> & { terms_accepted: boolean };
  /** Every problem of the form, by field: Save is enabled once there is none. */
  errors: Partial<Record<AgreedName<Name>, string>>;
  /**
   * Fields whose message shows though they have not been left in this form: one that cannot be
   * edited, or one left in the build-time first screen before the app took over.
   */
  alreadyTouched?: Partial<Record<AgreedName<Name>, boolean>>;
  onChange: (name: AgreedName<Name>, value: string | boolean) => void;
  saving: boolean;
}

// What a keystroke in a text field does not change is not rendered again: the agreement and Save.
const Agreement = memo(PrivacyAgreement);

const SaveButton = memo(function SaveButton({ disabled, saving }: { disabled: boolean; saving: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      disabled={disabled}
      startIcon={saving ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : undefined}
      sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 140 }}
    >
      Save
    </Button>
  );
});

export function ContactFormBody<Name extends string>({ alreadyTouched = {}, saving, ...fields }: ContactFormBodyProps<Name>) {
  const { values, errors, onChange, disabled } = fields;
  const [left, setLeft] = useState<Partial<Record<AgreedName<Name>, boolean>>>({});
  const touched = { ...alreadyTouched, ...left };
  const touch = useCallback((name: AgreedName<Name>) => setLeft((previous) => ({ ...previous, [name]: true })), []);
  // The agreement gets a callback that never changes and calls the form's latest one.
  const latestChange = useLatest(onChange);
  const agree = useCallback(
    (checked: boolean) => {
      latestChange.current('terms_accepted', checked);
      touch('terms_accepted');
    },
    [latestChange, touch],
  );
  const valid = Object.keys(errors).length === 0;
  return (
    <>
      <ContactFields {...fields} touched={touched} onBlur={touch} />
      <Agreement
        checked={values.terms_accepted}
        onChange={agree}
        disabled={disabled}
        error={touched.terms_accepted ? errors.terms_accepted : undefined}
      />
      <SaveButton disabled={!valid || disabled} saving={saving} />
    </>
  );
}
