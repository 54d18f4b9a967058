import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/ui/form-dialog';
import { PinCodeField } from '@/components/ui/pin-code-field';
import { PIN_LENGTH } from '@/config/constants';
import { recordPinVerified } from '@/lib/pin-session';
import { useAppStore } from '@/lib/store';
import { useConfirmSessionPin } from '../api/confirm-pin';

/**
 * R3.17 PIN modal: a sensitive page after inactivity asks for the PIN again (verify-pin with the
 * bearer), then stores the PIN timestamp. It cannot be dismissed; the way out is logging out.
 */
export function PinConfirmDialog({ onConfirmed }: { onConfirmed: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const confirm = useConfirmSessionPin();
  const updateAuth = useAppStore((state) => state.updateAuth);

  const submit = (value: string) => {
    if (value.length !== PIN_LENGTH || confirm.isPending) return;
    confirm.mutate(
      { pin: value },
      {
        onSuccess: (answer) => {
          recordPinVerified(answer.verifiedAtMs || Date.now());
          updateAuth({ pinModal: false });
          onConfirmed();
        },
        onError: () => setPin(''),
      },
    );
  };

  return (
    <FormDialog
      title={t('auth.pinModal.title')}
      text={t('auth.pinModal.text')}
      onSubmit={() => submit(pin)}
      cancel={{ label: t('auth.pinModal.logout'), onClick: () => updateAuth({ logoutModal: true }) }}
      submit={{ label: t('auth.pinModal.confirm'), disabled: confirm.isPending || pin.length !== PIN_LENGTH }}
      maxWidth={420}
    >
      <PinCodeField
        value={pin}
        disabled={confirm.isPending}
        error={confirm.isError ? confirm.error.message : null}
        onChange={(digits) => {
          setPin(digits);
          if (confirm.isError && digits) confirm.reset();
        }}
        onComplete={submit}
      />
    </FormDialog>
  );
}
