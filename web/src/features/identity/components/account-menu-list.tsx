import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AnchoredMenu } from '@/components/ui/anchored-menu';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { useAppStore } from '@/lib/store';

/** The menu's links, in their order. */
const MENU_LINKS = [
  { path: 'portfolio', Icon: PieChartOutline, label: 'auth.menu.portfolio' },
  { path: 'balance', Icon: AccountBalanceWalletOutlined, label: 'auth.menu.balance' },
  { path: 'account', Icon: PersonOutline, label: 'auth.menu.account' },
  { path: 'accountManageSession', Icon: DevicesOutlined, label: 'auth.menu.sessions' },
] as const;

interface AccountMenuListProps {
  id: string;
  anchor: HTMLElement | null;
  phone: string | null;
  onClose: () => void;
}

/** The logged-in user's menu (opened from the header's account button), in its own chunk. */
export function AccountMenuList({ id, anchor, phone, onClose }: AccountMenuListProps) {
  const { t } = useTranslation();
  const localize = useLocalizePath();
  const updateAuth = useAppStore((state) => state.updateAuth);
  return (
    <AnchoredMenu id={id} anchor={anchor} label={t('auth.menu.menuLabel')} alignRight onClose={onClose}>
      {phone && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {phone}
        </Typography>
      )}
      {phone && <Divider />}
      {/* The header hides these links on phones: the menu keeps them one tap away. */}
      {MENU_LINKS.map(({ path, Icon, label }) => (
        <MenuItem key={label} component={RouterLink} to={localize(paths[path])} onClick={onClose}>
          <ListItemIcon>
            <Icon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t(label)}</ListItemText>
        </MenuItem>
      ))}
      <Divider />
      <MenuItem
        onClick={() => {
          onClose();
          updateAuth({ logoutModal: true });
        }}
      >
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('auth.menu.logout')}</ListItemText>
      </MenuItem>
    </AnchoredMenu>
  );
}
