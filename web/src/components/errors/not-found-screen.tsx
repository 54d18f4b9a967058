import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';

export function NotFoundScreen() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 'var(--page-gutter)', py: { xs: 8, md: 12 } }}>
      <Stack spacing={2} alignItems="center" sx={{ textAlign: 'center', maxWidth: 460 }}>
        <Typography
          aria-hidden
          sx={{
            fontSize: { xs: '4rem', sm: '5.5rem' },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            letterSpacing: '-0.04em',
          }}
        >
          {t('notFound.code')}
        </Typography>
        <Typography variant="h1">{t('notFound.title')}</Typography>
        <Typography color="text.secondary">{t('notFound.text')}</Typography>
        <Button variant="contained" size="large" component={RouterLink} to={localize(paths.home)}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </Box>
  );
}
