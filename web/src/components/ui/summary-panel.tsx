import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

export interface SummaryFigure {
  label: string;
  /** `null` while loading: a skeleton of the same height keeps the layout still. */
  value: string | null;
  /** A profit or loss colour, when the figure has a sign. */
  color?: string;
}

export interface SummaryPanelProps {
  /** Names the region for screen readers and tests. */
  label: string;
  figures: SummaryFigure[];
  /** Links under the figures (top up, trade, the wallet); the first is the main one. */
  links?: { label: string; to: string }[];
  sx?: SxProps<Theme>;
}

/**
 * The headline figures of a portfolio side (spot's cash and holdings, futures' margin wallet): two
 * columns on a phone, four on a wide screen, with the side's actions underneath.
 */
export function SummaryPanel({ label, figures, links = [], sx }: SummaryPanelProps) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={label}
      sx={[{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
        {figures.map((figure) => (
          <Box key={figure.label} role="group" aria-label={figure.label} sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {figure.label}
            </Typography>
            <Typography
              sx={{
                fontWeight: 700,
                fontSize: '1.125rem',
                fontVariantNumeric: 'tabular-nums',
                color: figure.color,
                overflowWrap: 'anywhere',
              }}
            >
              {figure.value ?? <Skeleton width={100} />}
            </Typography>
          </Box>
        ))}
      </Box>
      {links.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 2 }} useFlexGap flexWrap="wrap">
          {links.map((link, i) => (
            <Button
              key={link.to}
              component={RouterLink}
              to={link.to}
              variant={i === 0 ? 'contained' : 'outlined'}
              size="small"
            >
              {link.label}
            </Button>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
