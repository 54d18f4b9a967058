import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A column of fields that is one form: submitted by Enter or its submit button without a page load,
 * with the browser's own checks off (each form checks its fields and shows why).
 */
export function FormStack({
  spacing,
  onSubmit,
  sx,
  children,
}: {
  spacing?: number;
  onSubmit: () => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Stack
      component="form"
      spacing={spacing}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      sx={sx}
    >
      {children}
    </Stack>
  );
}
