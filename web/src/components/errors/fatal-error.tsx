import { useTranslation } from 'react-i18next';

// When the language's texts are what failed to load, the message comes in both languages, as in BootFallback.
const WITHOUT_TEXTS = {
  title: 'Terjadi kesalahan / Something went wrong',
  text: 'Muat ulang halaman untuk mencoba lagi. / Reload the page to try again.',
  reload: 'Muat ulang / Reload',
};

/**
 * The last resort, outside the router and the MUI theme: plain markup styled by the CSS custom
 * properties, so it works whatever broke.
 */
export function FatalError() {
  const { t, i18n } = useTranslation();
  const texts = i18n.hasResourceBundle(i18n.language, 'translation')
    ? { title: t('errorBoundary.title'), text: t('errorBoundary.text'), reload: t('errorBoundary.reload') }
    : WITHOUT_TEXTS;
  return (
    <div className="fatal-error" role="alert">
      <div>
        <h1>{texts.title}</h1>
        <p>{texts.text}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {texts.reload}
        </button>
      </div>
    </div>
  );
}
