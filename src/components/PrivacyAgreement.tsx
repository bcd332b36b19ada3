// The 'I agree to the Privacy Policy' checkbox of the profile and signup forms (the spec's
// sections 2 and 5): its link opens the policy as a modal, and the form's message shows under it
// once the box has been touched.

import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useState, type MouseEvent } from 'react';
import { PrivacyPolicyDialog } from './PrivacyPolicyDialog';

export interface PrivacyAgreementProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  /** The form's message for the box, shown when not undefined. */
  error: string | undefined;
}

export function PrivacyAgreement({ checked, onChange, disabled, error }: PrivacyAgreementProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <FormControl required error={error !== undefined}>
        <FormControlLabel
          control={
            <Checkbox
              name="terms_accepted"
              checked={checked}
              onChange={(event) => onChange(event.target.checked)}
              disabled={disabled}
            />
          }
          label={
            <>
              I agree to the{' '}
              <Link
                component="button"
                type="button"
                onClick={(event: MouseEvent) => {
                  event.preventDefault();
                  setOpen(true);
                }}
                sx={{ verticalAlign: 'baseline' }}
              >
                Privacy Policy
              </Link>
            </>
          }
        />
        {error !== undefined && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
      <PrivacyPolicyDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
