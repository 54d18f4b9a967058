import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/api/user-me';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { AccountPageHeader } from './account-layout';
import { StatusChip } from './status-chip';

/** `/account/profile`: the details `/api/v3/user/me` gives, read-only until the update call exists. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useMe();
  const notSet = (
    <Typography component="span" color="text.secondary">
      {t('account.notSet')}
    </Typography>
  );
  const rows: Array<[string, ReactNode]> = user
    ? [
        [t('account.name'), user.name ?? notSet],
        [t('account.phone'), user.phone],
        [t('account.email'), user.email ?? notSet],
        [t('account.kyc'), <StatusChip key="kyc" status={user.kycStatus} />],
        [t('account.gssKyc'), <StatusChip key="gss" status={user.gssKycStatus} />],
        [t('account.preferredLanguage'), t(user.language === 'en' ? 'language.en' : 'language.id')],
        [t('account.memberSince'), formatDate(user.createdAtMs, locale)],
        [
          t('account.userId'),
          <Box
            key="id"
            component="span"
            sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-all' }}
          >
            {user.id}
          </Box>,
        ],
      ]
    : [];

  return (
    <>
      <AccountPageHeader title={t('account.profile')} text={t('account.profileText')} />
      <Paper variant="outlined" sx={{ bgcolor: 'var(--color-surface)' }}>
        <Box component="dl" sx={{ m: 0 }}>
          {user
            ? rows.map(([label, value], index) => (
                <Box
                  key={label}
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: { xs: '1fr', sm: '200px minmax(0, 1fr)' },
                    gap: { xs: 0.25, sm: 2 },
                    px: { xs: 2, sm: 3 },
                    py: 1.5,
                    borderTop: index === 0 ? 0 : 1,
                    borderColor: 'divider',
                  }}
                >
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    {value}
                  </Typography>
                </Box>
              ))
            : Array.from({ length: 5 }, (_, index) => <Skeleton key={index} sx={{ mx: 3, my: 1.5 }} />)}
        </Box>
      </Paper>
    </>
  );
}
