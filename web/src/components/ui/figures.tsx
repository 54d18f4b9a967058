import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface FigureLine {
  label: string;
  value: ReactNode;
  strong?: boolean;
}

/** Label and value pairs as a description list (the review, the estimate, the facts). */
export function Figures({ lines, dense = false }: { lines: FigureLine[]; dense?: boolean }) {
  return (
    <Stack component="dl" spacing={dense ? 0.5 : 1.25} sx={{ m: 0 }}>
      {lines.map((line) => (
        <Stack key={line.label} direction="row" justifyContent="space-between" spacing={2}>
          <Typography component="dt" variant={dense ? 'body2' : 'body1'} color="text.secondary">
            {line.label}
          </Typography>
          <Typography
            component="dd"
            variant={dense ? 'body2' : 'body1'}
            sx={{ m: 0, fontWeight: line.strong ? 700 : 500, fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}
          >
            {line.value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
