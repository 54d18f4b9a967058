import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmMutationDialog } from '@/components/ui/confirm-dialog';
import { useNotice } from '@/components/ui/notice';
import { ListRow, LoadableList } from '@/components/ui/loadable-list';
import { useBankAccounts, type BankAccount } from '../api/bank-accounts';
import { useLocale } from '@/hooks/use-locale';
import { formatDate } from '@/lib/format';
import { useRemoveBankAccount } from '../api/remove-bank-account';
import { AddBankAccountDialog } from './add-bank-account-dialog';
import { useMe } from '@/api/user-me';
import { IdentityRequired } from '@/components/ui/identity-required';
import { AccountPageHeader } from '@/components/layout/account-layout';

function AccountRow({ account, onRemove, busy }: { account: BankAccount; onRemove: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = `${account.bankName} ${account.accountNumberMasked}`;
  return (
    <ListRow label={name} sx={{ gap: 1.5, alignItems: 'center' }}>
      <AccountBalanceOutlined aria-hidden sx={{ color: 'text.secondary' }} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('bankAccounts.holder', { holder: account.accountHolderName })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('bankAccounts.addedAt', { time: formatDate(account.createdAtMs, locale) })}
        </Typography>
      </Box>
      <Button
        variant="outlined"
        color="error"
        size="small"
        disabled={busy}
        onClick={onRemove}
        aria-label={t('bankAccounts.removeLabel', { bank: account.bankName, number: account.accountNumberMasked })}
      >
        {t('bankAccounts.remove')}
      </Button>
    </ListRow>
  );
}

/**
 * `/account/bankAccount` (R2.16, R1.04): the bank accounts cash-outs can go to: list, add (bank,
 * number, PIN; the holder's name comes from the bank) and remove after a confirmation.
 */
export function BankAccountsScreen() {
  const { t } = useTranslation();
  const accounts = useBankAccounts();
  const remove = useRemoveBankAccount();
  const verified = useMe().data?.kycStatus === 'VERIFIED';
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const { notify, snackbar } = useNotice();

  return (
    <>
      <AccountPageHeader
        title={t('bankAccounts.title')}
        text={t('bankAccounts.text')}
        action={
          verified && (
            <Button variant="contained" startIcon={<Add />} onClick={() => setAdding(true)} sx={{ flex: 'none' }}>
              {t('bankAccounts.add')}
            </Button>
          )
        }
      />
      <Box sx={{ mb: verified ? 0 : 2 }}>
        <IdentityRequired />
      </Box>
      {remove.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {remove.error.message}
        </Alert>
      )}
      <LoadableList
        items={accounts.data}
        isError={accounts.isError}
        onRetry={() => void accounts.refetch()}
        loadError={t('bankAccounts.loadError')}
        retryLabel={t('bankAccounts.retry')}
        emptyText={t('bankAccounts.empty')}
        listLabel={t('bankAccounts.title')}
      >
        {(items) =>
          items.map((account) => (
            <AccountRow
              key={account.id}
              account={account}
              busy={remove.isPending}
              onRemove={() => setRemoving(account)}
            />
          ))
        }
      </LoadableList>
      {adding && (
        <AddBankAccountDialog
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            notify(t('bankAccounts.added'));
          }}
        />
      )}
      <ConfirmMutationDialog
        target={removing}
        title={t('bankAccounts.removeTitle')}
        text={(account) =>
          t('bankAccounts.removeText', {
            bank: account?.bankName ?? '',
            number: account?.accountNumberMasked ?? '',
            holder: account?.accountHolderName ?? '',
          })
        }
        cancelLabel={t('bankAccounts.cancel')}
        confirmLabel={t('bankAccounts.remove')}
        mutation={remove}
        variablesOf={(account) => account.id}
        onDone={() => notify(t('bankAccounts.removed'))}
        onClose={() => setRemoving(null)}
      />
      {snackbar}
    </>
  );
}
