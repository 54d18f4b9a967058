import ChevronRight from '@mui/icons-material/ChevronRight';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import PasswordOutlined from '@mui/icons-material/PasswordOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { AccountPageHeader } from '@/components/layout/account-layout';

/** `/account/privacy`: the device sessions and the PIN change. */
export function PrivacyScreen() {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const links = [
    {
      to: paths.accountPrivacyManageSession,
      label: t('account.manageSession'),
      text: t('account.manageSessionText'),
      icon: DevicesOutlined,
    },
    {
      to: paths.accountChangePin,
      label: t('account.changePin'),
      text: t('account.changePinText'),
      icon: PasswordOutlined,
    },
  ];
  return (
    <>
      <AccountPageHeader title={t('account.privacy')} text={t('account.privacyText')} />
      <Paper variant="outlined" sx={{ bgcolor: 'var(--color-surface)' }}>
        <List disablePadding>
          {links.map(({ to, label, text, icon: Icon }, index) => (
            <ListItem key={to} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={localize(to)}
                divider={index < links.length - 1}
                sx={{ py: 1.5 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Icon aria-hidden />
                </ListItemIcon>
                <ListItemText primary={label} secondary={text} />
                <ChevronRight aria-hidden sx={{ color: 'text.secondary', ml: 1 }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </Paper>
    </>
  );
}
