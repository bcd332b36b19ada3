// One labelled on/off setting of the event form, with its one-line helper text as the switch's
// accessible description.

import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';

export interface SettingSwitchProps {
  id: string;
  label: string;
  helper: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** One labelled on/off setting with its one-line helper text (its accessible description). */
export function SettingSwitch({ id, label, helper, checked, onChange }: SettingSwitchProps) {
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(change) => onChange(change.target.checked)}
            slotProps={{ input: { 'aria-describedby': `${id}-helper` } }}
          />
        }
        label={label}
      />
      <FormHelperText id={`${id}-helper`} sx={{ mt: 0, mb: 1 }}>
        {helper}
      </FormHelperText>
    </>
  );
}
