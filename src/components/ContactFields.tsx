// The text fields of the profile and signup forms (the spec's sections 2 and 5): each field's
// label, type and autofill, its message once touched (or its help text), the phone number
// formatted as it is typed, and read-only fields. The form owns the values and decides when the
// fields are disabled. A keystroke renders its own field again, not the others: on a low-tier
// phone each MUI field costs a few tens of milliseconds to render (docs/performance.md).

import { memo, useCallback } from 'react';
import { typedFieldValue } from '../lib/phone';
import { FocusDrawnTextField } from './FocusDrawnTextField';
import { useLatest } from './useLatest';

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

interface ContactTextFieldProps {
  field: ContactField<string>;
  value: string;
  error: string | undefined;
  helperText: string | undefined;
  readOnly: boolean;
  disabled: boolean;
  onChange: (name: string, value: string) => void;
  onBlur: (name: string) => void;
}

/** One field; rendered again only when one of its own props changes (the callbacks never do). */
const ContactTextField = memo(function ContactTextField({
  field,
  value,
  error,
  helperText,
  readOnly,
  disabled,
  onChange,
  onBlur,
}: ContactTextFieldProps) {
  const phone = field.name === 'phone';
  const htmlInput = readOnly ? { readOnly: true } : phone ? { inputMode: 'tel' as const } : undefined;
  return (
    <FocusDrawnTextField
      name={field.name}
      label={field.label}
      type={field.type}
      autoComplete={field.autoComplete}
      required={field.required}
      value={value}
      onChange={(event) => onChange(field.name, typedFieldValue(field.name, event.target.value))}
      onBlur={() => onBlur(field.name)}
      error={error !== undefined}
      helperText={error ?? helperText}
      disabled={disabled}
      htmlInput={htmlInput}
      fullWidth
    />
  );
});

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
  // The fields get callbacks that never change and call the form's latest ones.
  const latest = useLatest({ onChange, onBlur });
  const isField = useCallback((name: string): name is Name => fields.some((field) => field.name === name), [fields]);
  const change = useCallback(
    (name: string, value: string) => {
      if (isField(name)) latest.current.onChange(name, value);
    },
    [isField, latest],
  );
  const blur = useCallback(
    (name: string) => {
      if (isField(name)) latest.current.onBlur(name);
    },
    [isField, latest],
  );
  return fields.map((field) => (
    <ContactTextField
      key={field.name}
      field={field}
      value={values[field.name]}
      error={touched[field.name] ? errors[field.name] : undefined}
      helperText={helpTexts[field.name]}
      readOnly={readOnly.includes(field.name)}
      disabled={disabled}
      onChange={change}
      onBlur={blur}
    />
  ));
}
