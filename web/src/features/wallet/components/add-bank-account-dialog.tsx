import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '../api/bank-accounts';
import { CodeInput } from '@/components/ui/code-input';
import { PIN_LENGTH } from '@/config/constants';
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
  const titleId = useId();
  const messageId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const numberValid = accountNumber.length >= ACCOUNT_NUMBER_DIGITS.min;
  const ready = bank !== null && numberValid && pin.length === PIN_LENGTH && !add.isPending;

  const submit = () => {
    if (!ready || !bank) return;
    add.mutate({ bankCode: bank.code, accountNumber, pin }, { onSuccess: onAdded, onError: () => setPin('') });
  };

  return (
    <Dialog
      open
      onClose={add.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 460 } } }}
    >
      <DialogTitle id={titleId}>{t('bankAccounts.addTitle')}</DialogTitle>
      <Stack
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}
      >
        <DialogContent>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">{t('bankAccounts.addText')}</Typography>
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
                setAccountNumber(accountNumberInput(event.target.value));
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose} disabled={add.isPending}>
            {t('bankAccounts.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!ready}>
            {t('bankAccounts.save')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
