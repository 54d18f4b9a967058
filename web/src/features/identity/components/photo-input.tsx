import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { photoProblem, type PhotoProblem } from './photo-checks';

/** Reads a chosen image as a data URL: shown as the preview, its base64 part is what is sent. */
function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

interface PhotoInputProps {
  /** The field's name, also its element id suffix. */
  name: string;
  /** The label above the input. */
  label: string;
  /** Which camera a phone opens: `user` (the front one, for a selfie) or `environment`. */
  capture: 'user' | 'environment';
  /** The photo as bare base64, or `undefined` when none (or none acceptable) is chosen. */
  onChange: (base64: string | undefined) => void;
}

/**
 * An identity photo: on a phone the input opens the camera (`capture`), elsewhere a file picker.
 * The photo is checked here (JPEG or PNG, at most 512 KB) before anything is uploaded, so a wrong
 * one is explained at once, and a preview shows what will be sent.
 */
export function PhotoInput({ name, label, capture, onChange }: PhotoInputProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string>();
  const [problem, setProblem] = useState<PhotoProblem | null>(null);
  const id = `kyc-${name}`;
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const found = file ? photoProblem(file) : null;
    setProblem(found);
    if (!file || found) {
      setPreview(undefined);
      onChange(undefined);
      return;
    }
    const dataUrl = await readDataUrl(file);
    setPreview(dataUrl);
    onChange(dataUrl.replace(/^data:[^,]*,/, ''));
  };
  return (
    <Box>
      <Typography component="label" variant="body2" htmlFor={id}>
        {label}
      </Typography>
      <Box>
        <input
          id={id}
          type="file"
          accept="image/*"
          capture={capture}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
          onChange={choose}
        />
      </Box>
      {problem && (
        <FormHelperText id={`${id}-error`} error>
          {t(problem)}
        </FormHelperText>
      )}
      {preview && (
        <Box
          component="img"
          src={preview}
          alt={t('kyc.photoPreview', { label })}
          sx={{ mt: 1, maxWidth: 160, maxHeight: 160, borderRadius: 1, objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}
