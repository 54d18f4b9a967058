import Construction from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '@/lib/store';
import { useMaintenanceRecheck } from '../hooks/use-maintenance-recheck';

/** R4.19 / R8.02: shown instead of the routes while the server answers 503. */
export function MaintenanceScreen() {
  const { t } = useTranslation();
  const message = useAppStore((state) => state.misc.maintenanceMessage);
  const { secondsLeft, checking, checkNow } = useMaintenanceRecheck();

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 'var(--page-gutter)', py: { xs: 6, md: 10 } }}>
      <Stack
        component="section"
        aria-labelledby="maintenance-title"
        spacing={2}
        alignItems="center"
        sx={{ textAlign: 'center', maxWidth: 480 }}
      >
        <Box
          aria-hidden
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'var(--color-hero-glow)',
          }}
        >
          <Construction sx={{ fontSize: 36, color: 'primary.main' }} />
        </Box>
        <Typography id="maintenance-title" variant="h1">
          {t('maintenance.title')}
        </Typography>
        <Typography color="text.secondary">{t('maintenance.text')}</Typography>
        {message && (
          <Paper variant="outlined" sx={{ p: 2, width: '100%', textAlign: 'left' }}>
            <Typography variant="caption" color="text.secondary" component="p">
              {t('maintenance.serverMessageLabel')}
            </Typography>
            <Typography>{message}</Typography>
          </Paper>
        )}
        <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
          {checking ? t('maintenance.checking') : t('maintenance.retryIn', { count: secondsLeft })}
        </Typography>
        <Button
          variant="outlined"
          onClick={() => void checkNow()}
          disabled={checking}
          startIcon={checking ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('maintenance.retryNow')}
        </Button>
      </Stack>
    </Box>
  );
}
