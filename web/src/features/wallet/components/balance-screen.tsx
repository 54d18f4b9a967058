import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ArrowCircleUpOutlined from '@mui/icons-material/ArrowCircleUpOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { useWalletBalance } from '../api/get-balance';
import { useTransactionHistory } from '../api/get-transaction-history';
import { useIdr } from '../hooks/use-idr';
import { TransactionDetailsDialog } from './transaction-details-dialog';
import { TransactionList } from './transaction-list';
import { WalletPage } from './wallet-page';
import { ListRow } from '@/components/ui/loadable-list';

const RECENT_SHOWN = 5;

function BreakdownRow({ label, help, amount }: { label: string; help: string; amount: string | undefined }) {
  return (
    <ListRow label={label} sx={{ gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
        <Typography variant="body2" color="text.secondary">
          {help}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {amount ?? <Skeleton width={80} />}
      </Typography>
    </ListRow>
  );
}

/** The recent wallet activity under the balance. */
function RecentActivity() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const history = useTransactionHistory(1);
  const [selected, setSelected] = useState<string | null>(null);
  const items = history.data?.data.slice(0, RECENT_SHOWN) ?? [];
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="wallet-recent" sx={{ mt: 4 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1.5 }}>
        <Typography id="wallet-recent" variant="h2" sx={{ fontSize: '1.125rem' }}>
          {t('wallet.recent')}
        </Typography>
        <Button component={RouterLink} to={localize(paths.transactionHistory)} size="small">
          {t('wallet.seeAll')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ bgcolor: 'var(--color-surface)', overflow: 'hidden' }}>
        <TransactionList items={items} onSelect={setSelected} label={t('wallet.recent')} />
      </Paper>
      <TransactionDetailsDialog id={selected} onClose={() => setSelected(null)} />
    </Box>
  );
}

/**
 * `/balance` (R1.04, R3.09): the IDR wallet. The total is the sum of the free, held and voucher
 * balances, each explained; top up, cash out and history from here. The balance refreshes by itself;
 * a failed fetch shows zero with a retry, never a broken page (R8.09).
 */
export function BalanceScreen() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const idr = useIdr();
  const { balance, failed, refetch } = useWalletBalance();
  const money = (value: string | undefined) => (value === undefined ? undefined : idr(value));

  return (
    <WalletPage title={t('wallet.title')} text={t('wallet.text')}>
      {failed && (
        <ErrorWithRetry
          severity="warning"
          sx={{ mb: 2 }}
          message={t('wallet.loadError')}
          retryLabel={t('wallet.retry')}
          onRetry={() => refetch()}
        />
      )}
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="wallet-total"
        sx={{ p: { xs: 2.5, sm: 3 }, bgcolor: 'var(--color-surface)' }}
      >
        <Typography id="wallet-total" color="text.secondary">
          {t('wallet.total')}
        </Typography>
        <Typography
          aria-describedby="wallet-total-help"
          sx={{
            fontSize: { xs: '2rem', sm: '2.5rem' },
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            lineHeight: 1.2,
            my: 0.5,
            overflowWrap: 'anywhere',
          }}
        >
          {money(balance?.totalBalance) ?? <Skeleton width={200} />}
        </Typography>
        <Typography id="wallet-total-help" variant="body2" color="text.secondary">
          {t('wallet.totalHelp')} {failed ? '' : `· ${t('wallet.live')}`}
        </Typography>
        <Box
          role="group"
          aria-label={t('wallet.actionsLabel')}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
            gap: 1,
            mt: 2.5,
            // Phones: icon above the word, so "Tarik saldo" fits three abreast.
            '& .MuiButton-root': {
              flexDirection: { xs: 'column', sm: 'row' },
              gap: { xs: 0.25, sm: 0 },
              lineHeight: 1.3,
              textAlign: 'center',
            },
            '& .MuiButton-startIcon': { m: { xs: 0, sm: '0 8px 0 -4px' } },
          }}
        >
          <Button
            component={RouterLink}
            to={localize(paths.balanceTopup)}
            variant="contained"
            startIcon={<AddCircleOutline />}
          >
            {t('wallet.topup')}
          </Button>
          <Button
            component={RouterLink}
            to={localize(paths.balanceCashout)}
            variant="outlined"
            startIcon={<ArrowCircleUpOutlined />}
          >
            {t('wallet.cashout')}
          </Button>
          <Button
            component={RouterLink}
            to={localize(paths.transactionHistory)}
            variant="outlined"
            startIcon={<ReceiptLongOutlined />}
          >
            {t('wallet.history')}
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ mt: 2, bgcolor: 'var(--color-surface)' }}>
        <Box component="ul" aria-label={t('wallet.breakdownLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <BreakdownRow label={t('wallet.free')} help={t('wallet.freeHelp')} amount={money(balance?.freeBalance)} />
          <BreakdownRow label={t('wallet.held')} help={t('wallet.heldHelp')} amount={money(balance?.cashBalance)} />
          <BreakdownRow
            label={t('wallet.voucher')}
            help={t('wallet.voucherHelp')}
            amount={money(balance?.voucherBalance)}
          />
        </Box>
      </Paper>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={localize(paths.balanceUsd)}>
          {t('usd.link')}
        </Button>
        <Button component={RouterLink} to={localize(paths.balanceFutures)}>
          {t('margin.link')}
        </Button>
      </Stack>
      <RecentActivity />
    </WalletPage>
  );
}
