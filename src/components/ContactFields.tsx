// The text fields of the profile and signup forms (the spec's sections 2 and 5): each field's
// label, type and autofill, its message once touched (or its help text), the phone number
// formatted as it is typed, and read-only fields. The form owns the values and decides when the
// fields are disabled.

import TextField from '@mui/material/TextField';
import { formatPhoneInput } from '../lib/phone';

export interface ContactField<Name extends string> {
  name: Name;
  label: string;
  type: string;
  autoComplete: string;
  required: boolean;
}

export interface ContactFieldsProps<Name extends string> {
  fields: readonly ContactField<Name>[];
  values: Record<Name, string>;
  errors: Partial<Record<Name, string>>;
  /** The fields the user has left: only their errors show. */
  touched: Partial<Record<Name, boolean>>;
  /** What shows under a field while it has no error. */
  helpTexts?: Partial<Record<Name, string>>;
  readOnly?: readonly Name[];
  onChange: (name: Name, value: string) => void;
  onBlur: (name: Name) => void;
  disabled: boolean;
}

export function ContactFields<Name extends string>({
  fields,
  values,
  errors,
  touched,
  helpTexts = {},
  readOnly = [],
  onChange,
  onBlur,
  disabled,
}: ContactFieldsProps<Name>) {
  return fields.map((field) => {
    const error = touched[field.name] ? errors[field.name] : undefined;
    const phone = field.name === 'phone';
    const htmlInput = readOnly.includes(field.name) ? { readOnly: true } : phone ? { inputMode: 'tel' as const } : undefined;
    return (
      <TextField
        key={field.name}
        name={field.name}
        label={field.label}
        type={field.type}
        autoComplete={field.autoComplete}
        required={field.required}
        value={values[field.name]}
        onChange={(event) => onChange(field.name, phone ? formatPhoneInput(event.target.value) : event.target.value)}
        onBlur={() => onBlur(field.name)}
        error={error !== undefined}
        helperText={error ?? helpTexts[field.name]}
        disabled={disabled}
        slotProps={htmlInput ? { htmlInput } : undefined}
        fullWidth
      />
    );
  });
}
