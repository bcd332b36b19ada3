// What the profile and signup forms hold below their heading (the spec's sections 2 and 5): the
// contact fields, the Privacy Policy agreement and Save. A message shows once its field has been
// left (or the box touched); Save waits for a form with no problem. The form owns the values and
// the saving, and decides when it is locked.

import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { ContactFields, type ContactFieldsProps } from './ContactFields';
import { PrivacyAgreement } from './PrivacyAgreement';

type AgreedName<Name extends string> = Name | 'terms_accepted';

export interface ContactFormBodyProps<Name extends string> extends Omit<
  ContactFieldsProps<Name>,
  'values' | 'errors' | 'touched' | 'onChange' | 'onBlur'
> {
  values: Record<Name, string> & { terms_accepted: boolean };
  /** Every problem of the form, by field: Save is enabled once there is none. */
  errors: Partial<Record<AgreedName<Name>, string>>;
  /** Fields whose message shows from the start. */
  initiallyTouched?: Partial<Record<AgreedName<Name>, boolean>>;
  onChange: (name: AgreedName<Name>, value: string | boolean) => void;
  saving: boolean;
}

export function ContactFormBody<Name extends string>({ initiallyTouched = {}, saving, ...fields }: ContactFormBodyProps<Name>) {
  const { values, errors, onChange, disabled } = fields;
  const [touched, setTouched] = useState<Partial<Record<AgreedName<Name>, boolean>>>(initiallyTouched);
  const touch = (name: AgreedName<Name>) => setTouched((previous) => ({ ...previous, [name]: true }));
  const valid = Object.keys(errors).length === 0;
  return (
    <>
      <ContactFields {...fields} touched={touched} onBlur={touch} />
      <PrivacyAgreement
        checked={values.terms_accepted}
        onChange={(checked) => {
          onChange('terms_accepted', checked);
          touch('terms_accepted');
        }}
        disabled={disabled}
        error={touched.terms_accepted ? errors.terms_accepted : undefined}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!valid || disabled}
        startIcon={saving ? <CircularProgress size={18} color="inherit" aria-label="Saving" /> : undefined}
        sx={{ alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 140 }}
      >
        Save
      </Button>
    </>
  );
}
