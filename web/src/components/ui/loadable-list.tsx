import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SystemStyleObject, Theme } from '@mui/system';
import type { ReactNode } from 'react';
import { ErrorWithRetry } from './error-with-retry';

interface LoadableListProps<T> {
  /** The items, or undefined while they load. */
  items: T[] | undefined;
  isError: boolean;
  onRetry: () => void;
  loadError: string;
  retryLabel: string;
  emptyText: string;
  /** The list's accessible name, where it needs one. */
  listLabel?: string;
  /** The list's rows (`li` elements). */
  children: (items: T[]) => ReactNode;
}

/** A framed list with its loading skeleton, empty text and load error with retry. */
export function LoadableList<T>({
  items,
  isError,
  onRetry,
  loadError,
  retryLabel,
  emptyText,
  listLabel,
  children,
}: LoadableListProps<T>) {
  if (isError) return <ErrorWithRetry message={loadError} retryLabel={retryLabel} onRetry={onRetry} />;
  return (
    <Paper variant="outlined" sx={{ bgcolor: 'var(--color-surface)' }}>
      {!items ? (
        <Box sx={{ p: 3 }}>
          <Skeleton />
          <Skeleton width="60%" />
        </Box>
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 3 }}>
          {emptyText}
        </Typography>
      ) : (
        <Box component="ul" aria-label={listLabel} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {children(items)}
        </Box>
      )}
    </Paper>
  );
}

/**
 * A row of a framed list (`LoadableList`'s children): a flex `li` named by `label`, padded as the
 * frame's other rows, with a divider above all but the first; `sx` sets its gap and alignment.
 */
export function ListRow({ label, sx, children }: { label: string; sx: SystemStyleObject<Theme>; children: ReactNode }) {
  return (
    <Box
      component="li"
      aria-label={label}
      sx={{
        display: 'flex',
        ...sx,
        px: { xs: 2, sm: 3 },
        py: 2,
        '& + &': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      {children}
    </Box>
  );
}
