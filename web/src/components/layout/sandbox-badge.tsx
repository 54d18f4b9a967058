import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app-config';

/**
 * The "Sandbox" badge beside the brand name: in sandbox mode every screen says so, so nobody takes
 * simulated money for real. Nothing in production (or before the configuration is known).
 */
export function SandboxBadge() {
  const { t } = useTranslation();
  const { data: config } = useAppConfig();
  if (config?.mode !== 'sandbox') return null;
  return (
    <Box
      component="span"
      data-testid="sandbox-badge"
      title={t('sandboxBadge.description')}
      aria-label={t('sandboxBadge.description')}
      sx={{
        display: 'inline-block',
        px: 0.75,
        borderRadius: 1,
        border: 1,
        borderColor: 'warning.main',
        color: 'warning.main',
        fontSize: '0.6875rem',
        fontWeight: 700,
        lineHeight: '16px',
        letterSpacing: '0.04em',
        textTransform: 'uppercase',
        whiteSpace: 'nowrap',
      }}
    >
      {t('sandboxBadge.label')}
    </Box>
  );
}
