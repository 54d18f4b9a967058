import OpenInNew from '@mui/icons-material/OpenInNew';
import Link, { type LinkProps } from '@mui/material/Link';
import { useTranslation } from 'react-i18next';

export interface ExternalLinkProps extends Omit<LinkProps, 'target' | 'rel'> {
  href: string;
  /** Show the "opens elsewhere" arrow. */
  showIcon?: boolean;
}

/** R2.06: links to the marketing site are external links in a new tab, never screens of the app. */
export function ExternalLink({ children, showIcon = true, sx, ...props }: ExternalLinkProps) {
  const { t } = useTranslation();
  return (
    <Link target="_blank" rel="noopener noreferrer" underline="hover" sx={sx} {...props}>
      {children}
      {showIcon && (
        <OpenInNew aria-hidden sx={{ fontSize: '0.875em', opacity: 0.7, ml: 0.5, verticalAlign: '-0.1em' }} />
      )}
      <span className="visually-hidden">{t('footer.opensInNewTab')}</span>
    </Link>
  );
}
