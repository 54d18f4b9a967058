import ChevronRight from '@mui/icons-material/ChevronRight';
import RateReviewOutlined from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMe } from '@/api/user-me';
import { useUserTags } from '../api/user-tags';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { AccountPageHeader } from '@/components/layout/account-layout';
import { StatusChip } from './status-chip';

const LINKS = [
  { to: paths.accountProfile, key: 'profile' },
  { to: paths.accountVerification, key: 'verification' },
  { to: paths.accountPrivacy, key: 'privacy' },
  { to: paths.accountManageSession, key: 'manageSession' },
  { to: paths.accountChangePin, key: 'changePin' },
  { to: paths.accountNotification, key: 'notification' },
  { to: paths.accountLanguage, key: 'language' },
  { to: paths.accountBankAccount, key: 'bankAccount' },
] as const;

/**
 * `/account`: phone, identity and US-stock status, and the account pages (R2.16). The feedback dialog
 * is the preferences feature's, handed in by the route.
 */
export function AccountOverview({
  feedbackDialog,
}: {
  feedbackDialog: (open: boolean, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const me = useMe();
  const tags = useUserTags();
  const user = me.data;
  const pro = tags.data?.tags.includes('pro') ?? false;
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <>
      <AccountPageHeader title={t('account.title')} text={t('account.overviewText')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'var(--color-surface)' }}>
        <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
          <Typography variant="body2" color="text.secondary">
            {t('account.phone')}
          </Typography>
          {pro && <Chip size="small" color="primary" label={t('account.pro')} />}
        </Stack>
        <Typography sx={{ fontSize: '1.25rem', fontWeight: 700, mt: 0.5 }}>
          {user ? user.phone : <Skeleton width={180} />}
        </Typography>
        <Box
          component="dl"
          sx={{ m: 0, mt: 2, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {(
            [
              ['kyc', user?.kycStatus],
              ['gssKyc', user?.gssKycStatus],
            ] as const
          ).map(([key, status]) => (
            <Box key={key}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t(`account.${key}`)}
              </Typography>
              <Box component="dd" sx={{ m: 0, mt: 0.5 }}>
                {status ? <StatusChip status={status} /> : <Skeleton width={100} />}
              </Box>
            </Box>
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ mt: 2, bgcolor: 'var(--color-surface)' }}>
        <List disablePadding aria-label={t('account.navLabel')}>
          {LINKS.map((link, index) => (
            <ListItem key={link.to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={localize(link.to)}
                divider={index < LINKS.length - 1}
                sx={{ py: 1.5 }}
              >
                <ListItemText primary={t(`account.${link.key}`)} />
                <ChevronRight aria-hidden sx={{ color: 'text.secondary' }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
      <Paper variant="outlined" sx={{ mt: 2, bgcolor: 'var(--color-surface)' }}>
        <ListItemButton onClick={() => setFeedbackOpen(true)} sx={{ py: 1.5 }}>
          <ListItemIcon sx={{ minWidth: 40 }}>
            <RateReviewOutlined aria-hidden />
          </ListItemIcon>
          <ListItemText primary={t('feedback.open')} secondary={t('feedback.openText')} />
        </ListItemButton>
      </Paper>
      {feedbackDialog(feedbackOpen, () => setFeedbackOpen(false))}
    </>
  );
}
