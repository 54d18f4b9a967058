import ContentCopy from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COPIED_SHOWN_MS = 2_000;

/** Copies `value` to the clipboard; says "Copied" for a moment. `what` names the value for screen readers. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      variant="outlined"
      startIcon={<ContentCopy fontSize="small" />}
      aria-label={t('wallet.copyLabel', { what })}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(value)
          .then(() => setCopied(true))
          .catch(() => undefined);
      }}
    >
      <span aria-live="polite">{copied ? t('wallet.copied') : t('wallet.copy')}</span>
    </Button>
  );
}
