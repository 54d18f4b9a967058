import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/**
 * `/_app`: the application shell (layout with an empty page) that an installed app or a service
 * worker can load and cache before any content.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 10 }}>
      <CircularProgress aria-label={t('app.shellLoading')} />
    </Box>
  );
}
