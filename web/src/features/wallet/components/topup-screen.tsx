import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { TopupForm } from './topup-form';
import { TopupProgress } from './topup-progress';
import { WalletPage } from './wallet-page';

/**
 * `/balance/topup` (R1.04): choose a method and an amount, then pay by the instructions until the
 * top-up is paid or expires. The top-up being paid is in the URL (`?id=`), so a reload, the history
 * and the sandbox payer can come back to it.
 */
export function TopupScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return (
    <WalletPage
      title={id ? t('topup.payTitle') : t('topup.title')}
      text={id ? undefined : t('topup.text')}
      back={{ to: paths.balance, label: t('wallet.back') }}
    >
      {id ? (
        <TopupProgress id={id} onAgain={() => setParams({})} />
      ) : (
        <TopupForm onCreated={(topup) => setParams({ id: topup.id })} />
      )}
    </WalletPage>
  );
}
