import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app-config';
import type { MarketingLinks } from '@/api/types';
import { ExternalLink } from '@/components/ui/external-link';
import { LogoMark } from './logo';

const MARKETING_LINK_KEYS: ReadonlyArray<keyof MarketingLinks> = [
  'products',
  'fees',
  'blog',
  'academy',
  'terms',
  'support',
];

/** The footer: the marketing site's links as external links (R2.06), from app config. */
export function Footer() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  const year = new Date().getFullYear();

  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'var(--color-surface)', mt: 'auto' }}>
      <Box sx={{ maxWidth: 'var(--page-max-width)', mx: 'auto', px: 'var(--page-gutter)', py: { xs: 4, md: 5 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 3, md: 6 }} justifyContent="space-between">
          <Box sx={{ maxWidth: 420 }}>
            <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
              <LogoMark size={24} />
              <Typography component="span" sx={{ fontWeight: 700 }}>
                {t('app.name')}
              </Typography>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('app.tagline')}
            </Typography>
          </Box>
          {config && (
            <Box component="nav" aria-label={t('footer.linksLabel')}>
              <Box
                component="ul"
                sx={{
                  listStyle: 'none',
                  m: 0,
                  p: 0,
                  display: 'grid',
                  gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
                  columnGap: 4,
                  rowGap: 1.25,
                }}
              >
                {MARKETING_LINK_KEYS.map((key) => (
                  <li key={key}>
                    <ExternalLink href={config.marketingLinks[key]} color="text.primary" variant="body2">
                      {t(`footer.${key}`)}
                    </ExternalLink>
                  </li>
                ))}
              </Box>
            </Box>
          )}
        </Stack>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ mt: 4, maxWidth: 720 }}>
          {t('footer.riskNotice')}
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 1, sm: 2 }}
          alignItems={{ xs: 'flex-start', sm: 'center' }}
          sx={{ mt: 2, color: 'text.secondary' }}
        >
          <Typography variant="caption">{t('footer.copyright', { year, name: t('app.name') })}</Typography>
          {config && <Typography variant="caption">{t('footer.version', { version: config.version })}</Typography>}
          {config?.sandbox && (
            <Chip
              size="small"
              variant="outlined"
              color="warning"
              label={t('footer.sandbox')}
              sx={{ height: 'auto', maxWidth: '100%', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
            />
          )}
        </Stack>
      </Box>
    </Box>
  );
}
