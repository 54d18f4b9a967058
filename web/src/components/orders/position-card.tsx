import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Figures, type FigureLine } from '@/components/ui/figures';

/** A button of a position card: its text and, where the text alone is ambiguous, its accessible name. */
export interface PositionAction {
  label: string;
  ariaLabel?: string;
  onClick: () => void;
}

/**
 * One open position of any asset class with margin: the instrument and its badges, the margin-call
 * warning (the card's border stands out too), the figures, then the class's own action (OCO, TP/SL)
 * and closing the position.
 */
export function PositionCard({
  label,
  title,
  badges,
  marginCall,
  marginCallText,
  lines,
  action,
  close,
}: {
  /** The card's accessible name. */
  label: string;
  title: ReactNode;
  badges: ReactNode;
  marginCall: boolean;
  marginCallText: string;
  lines: FigureLine[];
  action: PositionAction;
  close: PositionAction;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={{ p: 2, borderColor: marginCall ? 'error.main' : undefined, borderWidth: marginCall ? 2 : 1 }}
    >
      <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, minWidth: 0, overflowWrap: 'anywhere' }}>
          {title}
        </Typography>
        {badges}
      </Stack>
      {marginCall && (
        <Typography variant="body2" color="error" sx={{ mb: 1 }} role="alert">
          {marginCallText}
        </Typography>
      )}
      <Figures dense lines={lines} />
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 1.5 }}>
        <Button size="small" onClick={action.onClick} aria-label={action.ariaLabel}>
          {action.label}
        </Button>
        <Button size="small" variant="outlined" color="error" onClick={close.onClick} aria-label={close.ariaLabel}>
          {close.label}
        </Button>
      </Stack>
    </Paper>
  );
}
