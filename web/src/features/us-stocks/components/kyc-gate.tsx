import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { AppLink } from '@/components/ui/app-link';
import { paths } from '@/config/paths';

/** R6.03: an account not verified for US stocks sees the way to verification instead of the form. */
export function KycGate() {
  const { t } = useTranslation();
  return (
    <Alert severity="info">
      <AlertTitle>{t('usStocks.kyc.title')}</AlertTitle>
      {t('usStocks.kyc.text')}
      {/* Under the text rather than beside it: the order column is narrow from 1024 px. */}
      <Box sx={{ mt: 1.5 }}>
        <Button component={AppLink} to={paths.accountVerification} variant="outlined" color="inherit" size="small">
          {t('usStocks.kyc.action')}
        </Button>
      </Box>
    </Alert>
  );
}
