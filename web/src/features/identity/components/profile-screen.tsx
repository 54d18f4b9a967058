import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '@/api/user-me';
import { paths } from '@/config/paths';
import { useLocale, useLocalizePath } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { AccountPageHeader } from '@/components/layout/account-layout';
import { ChangeContactDialog } from './change-contact-dialog';
import { ProfileDataForm } from './profile-data-form';
import { StatusChip } from './status-chip';

async function copy(text: string, done: string, failed: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(done);
  } catch {
    toast.error(failed);
  }
}

/** The user's referral code with copy, and the sign-up link to share. */
function ReferralCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const link = `${window.location.origin}${localize(paths.signup)}?ref=${encodeURIComponent(code)}`;
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t('account.referral.shareTitle'),
          text: t('account.referral.shareText', { code }),
          url: link,
        });
        return;
      } catch {
        // Dismissed or unsupported: fall back to copying the link.
      }
    }
    await copy(link, t('account.referral.linkCopied'), t('account.referral.copyFailed'));
  };
  return (
    <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
      <Box
        component="span"
        data-testid="referral-code"
        sx={{ fontFamily: 'monospace', fontSize: '1rem', letterSpacing: 1 }}
      >
        {code}
      </Box>
      <IconButton
        size="small"
        aria-label={t('account.referral.copy')}
        onClick={() => void copy(code, t('account.referral.copied'), t('account.referral.copyFailed'))}
      >
        <ContentCopyOutlined fontSize="small" />
      </IconButton>
      <Button size="small" variant="outlined" onClick={() => void share()}>
        {t('account.referral.share')}
      </Button>
    </Stack>
  );
}

function WithAction({ value, action }: { value: ReactNode; action: ReactNode }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between" flexWrap="wrap" useFlexGap>
      <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
      {action}
    </Stack>
  );
}

/** `/account/profile`: the details `/api/v3/user/me` gives, phone and e-mail changes, referral and profile data. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useMe();
  const [dialog, setDialog] = useState<'phone' | 'email' | null>(null);
  const notSet = (
    <Typography component="span" color="text.secondary">
      {t('account.notSet')}
    </Typography>
  );
  const rows: Array<[string, ReactNode]> = user
    ? [
        [t('account.name'), user.name ?? notSet],
        [
          t('account.phone'),
          <WithAction
            key="phone"
            value={user.phone}
            action={
              <Button size="small" onClick={() => setDialog('phone')}>
                {t('account.phoneChange.open')}
              </Button>
            }
          />,
        ],
        [
          t('account.email'),
          <WithAction
            key="email"
            value={user.email ?? notSet}
            action={
              <Button size="small" onClick={() => setDialog('email')}>
                {t(user.email ? 'account.emailChange.open' : 'account.emailChange.add')}
              </Button>
            }
          />,
        ],
        [t('account.referral.label'), user.referralCode ? <ReferralCode key="ref" code={user.referralCode} /> : notSet],
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
      {user && <ProfileDataForm key={`${user.occupation}-${user.incomeRange}-${user.investmentGoal}`} user={user} />}
      {user && dialog === 'phone' && (
        <ChangeContactDialog kind="phone" current={user.phone} onClose={() => setDialog(null)} />
      )}
      {user && dialog === 'email' && (
        <ChangeContactDialog kind="email" current={user.email ?? null} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
