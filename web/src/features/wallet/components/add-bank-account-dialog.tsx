import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '../api/bank-accounts';
import { CodeInput } from '@/components/ui/code-input';
import { FormDialog } from '@/components/ui/form-dialog';
import { PIN_LENGTH } from '@/config/constants';
import { showInInput } from '@/lib/controlled-input';
import { useAddBankAccount } from '../api/add-bank-account';
import { useBanks, type Bank } from '../api/get-banks';
import { ACCOUNT_NUMBER_DIGITS, accountNumberInput } from '../lib/account-number';

/** Bank, account number and the PIN; the server checks the holder's name with the bank. Mount only while open. */
export function AddBankAccountDialog({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (account: BankAccount) => void;
}) {
  const { t } = useTranslation();
  const banks = useBanks(true);
  const add = useAddBankAccount();
  const [bank, setBank] = useState<Bank | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [pin, setPin] = useState('');
  const messageId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const numberValid = accountNumber.length >= ACCOUNT_NUMBER_DIGITS.min;
  const ready = bank !== null && numberValid && pin.length === PIN_LENGTH && !add.isPending;

  const submit = () => {
    if (!ready || !bank) return;
    add.mutate({ bankCode: bank.code, accountNumber, pin }, { onSuccess: onAdded, onError: () => setPin('') });
  };

  return (
    <FormDialog
      title={t('bankAccounts.addTitle')}
      text={t('bankAccounts.addText')}
      onClose={add.isPending ? undefined : onClose}
      onSubmit={submit}
      cancel={{ label: t('bankAccounts.cancel'), onClick: onClose, disabled: add.isPending }}
      submit={{ label: t('bankAccounts.save'), disabled: !ready }}
      maxWidth={460}
      fullScreen={fullScreen}
      formSx={{ flex: 1, display: 'flex', flexDirection: 'column' }}
    >
      <Autocomplete
        options={banks.data ?? []}
        loading={banks.isPending}
        value={bank}
        onChange={(_, next) => {
          setBank(next);
          add.reset();
        }}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.code === value.code}
        noOptionsText={t('bankAccounts.noBank')}
        renderInput={(params) => <TextField {...params} label={t('bankAccounts.bank')} />}
      />
      <TextField
        label={t('bankAccounts.accountNumber')}
        value={accountNumber}
        onChange={(event) => {
          const kept = accountNumberInput(event.target.value);
          showInInput(event.target, kept);
          setAccountNumber(kept);
          add.reset();
        }}
        helperText={t('bankAccounts.accountNumberHint')}
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <div>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('bankAccounts.pin')}
        </Typography>
        <CodeInput
          label={t('bankAccounts.pin')}
          value={pin}
          masked
          disabled={add.isPending}
          error={add.isError}
          describedBy={messageId}
          onChange={setPin}
        />
      </div>
      <div id={messageId} aria-live="polite">
        {add.error && <Alert severity="error">{add.error.message}</Alert>}
      </div>
    </FormDialog>
  );
}
