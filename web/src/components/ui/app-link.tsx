import Link, { type LinkProps } from '@mui/material/Link';
import { forwardRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { useLocalizePath } from '@/hooks/use-locale';

export interface AppLinkProps extends Omit<LinkProps, 'href'> {
  /** A locale-neutral app path, e.g. `/portfolio`; the `/en` prefix is added in English. */
  to: string;
}

/** An internal link in the current language. */
export const AppLink = forwardRef<HTMLAnchorElement, AppLinkProps>(function AppLink({ to, ...props }, ref) {
  const localize = useLocalizePath();
  return <Link ref={ref} component={RouterLink} to={localize(to)} {...props} />;
});
