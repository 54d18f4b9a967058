import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
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
