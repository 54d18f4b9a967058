import { useTranslation } from 'react-i18next';

/**
 * The last resort, outside the router and the MUI theme: plain markup styled by the CSS custom
 * properties, so it works whatever broke.
 */
export function FatalError() {
  const { t } = useTranslation();
  return (
    <div className="fatal-error" role="alert">
      <div>
        <h1>{t('errorBoundary.title')}</h1>
        <p>{t('errorBoundary.text')}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('errorBoundary.reload')}
        </button>
      </div>
    </div>
  );
}
