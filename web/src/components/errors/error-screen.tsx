import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { localizePath } from '@/lib/locale';
import { useAppStore } from '@/lib/store';

/** A localised "something went wrong" with a reload (used by the error boundaries). */
export function ErrorScreen() {
  const { t } = useTranslation();
  const locale = useAppStore((state) => state.misc.language);
  return (
    <Box role="alert" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 'var(--page-gutter)', py: 8 }}>
      <Stack spacing={2} alignItems="center" sx={{ textAlign: 'center', maxWidth: 440 }}>
        <ErrorOutline aria-hidden sx={{ fontSize: 48, color: 'error.main' }} />
        <Typography variant="h1" component="h1" sx={{ fontSize: '1.5rem' }}>
          {t('errorBoundary.title')}
        </Typography>
        <Typography color="text.secondary">{t('errorBoundary.text')}</Typography>
        <Stack direction="row" spacing={1.5}>
          <Button variant="contained" onClick={() => window.location.reload()}>
            {t('errorBoundary.reload')}
          </Button>
          {/* A full page load: the client state may be what broke. */}
          <Button variant="outlined" href={localizePath('/', locale)}>
            {t('errorBoundary.home')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
