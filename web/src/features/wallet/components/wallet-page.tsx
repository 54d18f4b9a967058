import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLocalizePath } from '@/hooks/use-locale';
import { pageSx } from '@/components/ui/page-sx';
import { PageTitle } from '@/components/ui/page-title';

/** The frame of every wallet page: a narrow column (forms read better), a heading and an optional way back. */
export function WalletPage({
  title,
  text,
  back,
  actions,
  children,
  wide = false,
}: {
  title: string;
  text?: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  const localize = useLocalizePath();
  return (
    <Box sx={{ ...pageSx, maxWidth: wide ? 'var(--page-max-width)' : 720, py: { xs: 2.5, md: 5 } }}>
      {back && (
        <Button
          component={RouterLink}
          to={localize(back.to)}
          startIcon={<ArrowBack />}
          size="small"
          color="inherit"
          sx={{ mb: 1.5, color: 'text.secondary' }}
        >
          {back.label}
        </Button>
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', mb: 3 }}>
        <Box sx={{ minWidth: 0 }}>
          <PageTitle title={title} text={text} />
        </Box>
        {actions}
      </Box>
      {children}
    </Box>
  );
}
