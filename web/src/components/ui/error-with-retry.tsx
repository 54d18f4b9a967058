import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface ErrorWithRetryProps {
  /** What could not be loaded, and (R8.09) what is shown instead. */
  message: ReactNode;
  retryLabel: string;
  onRetry: () => unknown;
  /**
   * `error` when the content is missing; `warning` when the screen still works on a fallback (a
   * failed balance shows zero, R8.09) and the retry only brings the real figures.
   */
  severity?: 'error' | 'warning';
  sx?: SxProps<Theme>;
}

/** A failed load: the message and a retry button, in place of what could not be loaded. */
export function ErrorWithRetry({ message, retryLabel, onRetry, severity = 'error', sx }: ErrorWithRetryProps) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
