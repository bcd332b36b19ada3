// The text fields of the profile and signup forms (the spec's sections 2 and 5): each field's
// label, type and autofill, its message once touched (or its help text), the phone number
// formatted as it is typed, and read-only fields. The form owns the values and decides when the
// fields are disabled. A keystroke renders its own field again, not the others: on a low-tier
// phone each MUI field costs a few tens of milliseconds to render (docs/performance.md).

import { styled } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { memo, useCallback, type FocusEvent } from 'react';
import { typedFieldValue } from '../lib/phone';
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

/**
 * The field's focus drawn by CSS alone: its label stays above the outline and MUI is told the
 * field is never focused, so a tap renders nothing (on a low-tier phone MUI's focused render,
 * its new styles and their recalculation were most of a tap's answer; docs/performance.md).
 */
const FocusDrawnField = styled(TextField)(({ theme }) => ({
  '&:focus-within .MuiInputLabel-root:not(.Mui-error):not(.Mui-disabled)': { color: theme.palette.primary.main },
  '&:focus-within .MuiOutlinedInput-root:not(.Mui-disabled) .MuiOutlinedInput-notchedOutline': { borderWidth: 2 },
  '&:focus-within .MuiOutlinedInput-root:not(.Mui-error):not(.Mui-disabled) .MuiOutlinedInput-notchedOutline': {
    borderColor: theme.palette.primary.main,
  },
}));

const LABEL_ABOVE = { shrink: true } as const;

/**
 * Stops a field's focus event on its way down to MUI's input: MUI would only record a focus it is
 * told to ignore (above), and React would render its form control for it. A form that wants to
 * know when a field is focused listens in the capture phase (onFocusCapture), which runs first.
 */
function keepFocusFromMui(event: FocusEvent): void {
  event.stopPropagation();
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
    <FocusDrawnField
      focused={false}
      onFocusCapture={keepFocusFromMui}
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
      slotProps={{ htmlInput, inputLabel: LABEL_ABOVE }}
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
