import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One line of the review: what it is and its value. */
export interface ReviewLine {
  label: string;
  value: ReactNode;
  strong?: boolean;
}

/** The review before the PIN: every figure of the order once more, with the fees. */
export function OrderReviewLines({ lines, note }: { lines: ReviewLine[]; note?: ReactNode }) {
  return (
    <>
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        {lines.map((line) => (
          <Stack key={line.label} direction="row" justifyContent="space-between" spacing={2}>
            <Typography component="dt" color="text.secondary">
              {line.label}
            </Typography>
            <Typography
              component="dd"
              sx={{
                m: 0,
                fontWeight: line.strong ? 700 : 500,
                fontVariantNumeric: 'tabular-nums',
                textAlign: 'right',
              }}
            >
              {line.value}
            </Typography>
          </Stack>
        ))}
      </Stack>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {note}
        </Typography>
      )}
    </>
  );
}
