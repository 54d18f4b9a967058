import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import Logout from '@mui/icons-material/Logout';
import PersonOutline from '@mui/icons-material/PersonOutline';
import PieChartOutline from '@mui/icons-material/PieChartOutline';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { useLocalizePath } from '@/hooks/use-locale';
import { useAppStore } from '@/lib/store';

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
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': t('auth.menu.menuLabel') } }}
    >
      {phone && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {phone}
        </Typography>
      )}
      {phone && <Divider />}
      {/* The header hides these links on phones: the menu keeps them one tap away. */}
      <MenuItem component={RouterLink} to={localize(paths.portfolio)} onClick={onClose}>
        <ListItemIcon>
          <PieChartOutline fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('auth.menu.portfolio')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to={localize(paths.balance)} onClick={onClose}>
        <ListItemIcon>
          <AccountBalanceWalletOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('auth.menu.balance')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to={localize(paths.account)} onClick={onClose}>
        <ListItemIcon>
          <PersonOutline fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('auth.menu.account')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to={localize(paths.accountManageSession)} onClick={onClose}>
        <ListItemIcon>
          <DevicesOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('auth.menu.sessions')}</ListItemText>
      </MenuItem>
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
    </Menu>
  );
}
