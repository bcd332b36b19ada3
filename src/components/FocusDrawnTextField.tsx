// A text field whose focus is drawn by CSS alone: its label stays above the outline and MUI is
// told the field is never focused, so a tap or a focus renders nothing (on a low-tier phone MUI's
// focused render, its new styles and their recalculation were most of a tap's answer, and an
// autofocused field's render the longest task of its screen's start; docs/performance.md).

import { styled } from '@mui/material/styles';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FocusEvent } from 'react';

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

export type FocusDrawnTextFieldProps = Omit<TextFieldProps, 'focused' | 'onFocusCapture' | 'variant'> & {
  htmlInput?: NonNullable<TextFieldProps['slotProps']>['htmlInput'];
};

export function FocusDrawnTextField({ htmlInput, ...props }: FocusDrawnTextFieldProps) {
  return (
    <FocusDrawnField
      {...props}
      focused={false}
      onFocusCapture={keepFocusFromMui}
      slotProps={{ htmlInput, inputLabel: LABEL_ABOVE }}
    />
  );
}
