// One logo input of the event form (the spec's sections 2 and 5): images only, checked as soon as
// a file is chosen (raster image under 5 MB, as storage.rules require) with the reason under the
// field, a preview of the chosen or current logo, and the upload's progress while saving.

import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { LOGO_CONTENT_TYPES } from '../../config/constants';
import { checkLogoFile } from '../../lib/logos';

export interface LogoFieldProps {
  label: string;
  /** Marked as required; the spec's section 5 has the normal logo labelled so but not checked. */
  required?: boolean;
  /** The logo the event has now (edit mode), shown until another file is chosen. */
  currentUrl?: string | null;
  /** Percent uploaded while saving, or null. */
  progress: number | null;
  disabled: boolean;
  onChange: (file: File | null) => void;
}

const hint = 'PNG, JPEG, GIF, WebP or AVIF, under 5 MB.';

/** The chosen file as a data URL for its preview. */
function usePreview(file: File | null): string | null {
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setPreview({ file, url: reader.result });
    };
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return file && preview?.file === file ? preview.url : null;
}

export function LogoField({ label, required = false, currentUrl = null, progress, disabled, onChange }: LogoFieldProps) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreview(file) ?? (file ? null : currentUrl);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? checkLogoFile(chosen) : null;
    setError(problem);
    const accepted = problem ? null : chosen;
    setFile(accepted);
    onChange(accepted);
    // A refused file is not kept: clear the input so that choosing it again reports again.
    if (problem) event.target.value = '';
  };

  return (
    <FormControl error={error !== null} disabled={disabled} fullWidth>
      <FormLabel htmlFor={id} required={required}>
        {label}
      </FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1 }}>
        <Box
          component="input"
          id={id}
          type="file"
          accept={LOGO_CONTENT_TYPES.join(',')}
          onChange={choose}
          disabled={disabled}
          aria-describedby={`${id}-help`}
          aria-invalid={error !== null}
          sx={{ flex: 1, minWidth: 0 }}
        />
        {preview && (
          <Box
            component="img"
            src={preview}
            alt={`${label} preview`}
            sx={{ height: 56, maxWidth: 120, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }}
          />
        )}
      </Stack>
      <FormHelperText id={`${id}-help`}>{error ?? hint}</FormHelperText>
      {progress !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <LinearProgress variant="determinate" value={progress} aria-label={`Uploading ${label}`} sx={{ flex: 1 }} />
          <Typography variant="caption">{Math.round(progress)}%</Typography>
        </Stack>
      )}
    </FormControl>
  );
}
