import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export interface SectionProps {
  /** The visible heading (an h2), which also names the region. */
  title?: ReactNode;
  /** Names the region when it shows no heading of its own (the figures speak for themselves). */
  label?: string;
  /** A line under the heading saying what the section is for. */
  description?: ReactNode;
  /** `small` titles a card among several (the USD buckets); `medium` a section of a page. */
  size?: 'small' | 'medium';
  /** `none` for content that draws to the card's edge (tabs, tables). */
  padding?: 'normal' | 'none';
  sx?: SxProps<Theme>;
  children?: ReactNode;
}

const TITLE_SX = {
  medium: { fontSize: '1.125rem', fontWeight: 500 },
  small: { fontSize: '1rem', fontWeight: 600 },
} as const;

/**
 * A titled card that is a landmark: a `region` named by its heading (or by `label` when it has
 * none), so tests and screen readers find it by that name.
 */
export function Section({
  title,
  label,
  description,
  size = 'medium',
  padding = 'normal',
  sx,
  children,
}: SectionProps) {
  const titleId = useId();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={title !== undefined ? titleId : undefined}
      aria-label={title === undefined ? label : undefined}
      sx={[{ p: padding === 'none' ? 0 : 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {title !== undefined && (
        <Typography
          id={titleId}
          variant="h2"
          sx={{ ...TITLE_SX[size], mb: description !== undefined ? 0.5 : size === 'small' ? 0 : 1.5 }}
        >
          {title}
        </Typography>
      )}
      {description !== undefined && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: size === 'small' ? 0 : 1.5 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
