import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '@/components/ui/error-with-retry';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { HISTORY_PAGE_SIZE, useTransactionHistory } from '../api/get-transaction-history';
import { HistoryFiltersBar } from './history-filters';
import { TransactionDetailsDialog } from './transaction-details-dialog';
import { TransactionList } from './transaction-list';
import { WalletPage } from './wallet-page';

function positivePage(text: string | null): number {
  const page = Number(text);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * `/transaction-history`: the wallet's transactions, newest first, paged (`?page=`) and filtered by
 * kind, wallet and asset (`?kind=&wallet=&asset=`); a transaction's
 * details with every state it passed through open over the list (`?id=`), so both survive a reload
 * and can be linked to.
 */
export function HistoryScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = positivePage(params.get('page'));
  const selected = params.get('id');
  const filters = { kind: params.get('kind'), wallet: params.get('wallet'), asset: params.get('asset') };
  const history = useTransactionHistory(page, filters);
  const pages = history.data ? Math.max(1, Math.ceil(history.data.total / HISTORY_PAGE_SIZE)) : 1;

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  return (
    <WalletPage
      title={t('history.title')}
      text={t('history.text')}
      back={{ to: paths.balance, label: t('wallet.back') }}
    >
      <HistoryFiltersBar values={filters} onChange={(key, value) => update({ [key]: value, page: null })} />
      {history.isError && !history.data ? (
        <ErrorWithRetry
          message={t('history.loadError')}
          retryLabel={t('history.retry')}
          onRetry={() => history.refetch()}
        />
      ) : (
        <Paper variant="outlined" sx={{ bgcolor: 'var(--color-surface)', overflow: 'hidden' }}>
          {!history.data ? (
            <Box sx={{ p: 3 }}>
              <Skeleton />
              <Skeleton width="60%" />
            </Box>
          ) : history.data.data.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3 }}>
              {t('history.empty')}
            </Typography>
          ) : (
            <TransactionList items={history.data.data} onSelect={(id) => update({ id })} label={t('history.title')} />
          )}
        </Paper>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page}
          onChange={(_, next) => update({ page: String(next), id: null })}
          aria-label={t('history.pageLabel')}
          getItemAriaLabel={(type, item, isSelected) =>
            type === 'next'
              ? t('history.nextPage')
              : type === 'previous'
                ? t('history.previousPage')
                : isSelected
                  ? t('history.currentPage', { page: item ?? 0 })
                  : t('history.goToPage', { page: item ?? 0 })
          }
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
        />
      )}
      <TransactionDetailsDialog id={selected} onClose={() => update({ id: null })} />
    </WalletPage>
  );
}
