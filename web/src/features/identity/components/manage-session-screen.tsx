import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmMutationDialog } from '@/components/ui/confirm-dialog';
import { useNotice } from '@/components/ui/notice';
import { ListRow, LoadableList } from '@/components/ui/loadable-list';
import type { Device } from '@/api/types';
import { DEVICE_PAGE_SIZE } from '@/config/constants';
import { useLocale } from '@/hooks/use-locale';
import { formatDateTime } from '@/lib/format';
import { useDevices, type DeviceFilter } from '../api/get-devices';
import { useLogoutDevice } from '../api/logout-device';
import { useUnblockDevice } from '../api/unblock-device';
import { AccountPageHeader } from '@/components/layout/account-layout';

function DeviceRow({
  device,
  filter,
  onLogout,
  onUnblock,
  busy,
}: {
  device: Device;
  filter: DeviceFilter;
  onLogout: (device: Device) => void;
  onUnblock: (device: Device) => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mobile = /android|iphone|ipad|mobile|ios/i.test(`${device.deviceName} ${device.platform ?? ''}`);
  const Icon = mobile ? PhoneIphoneOutlined : ComputerOutlined;
  const name = device.deviceName;
  return (
    <ListRow
      label={name}
      sx={{ gap: 1.5, alignItems: { xs: 'flex-start', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <Stack direction="row" spacing={1.5} alignItems="flex-start" sx={{ flex: 1, minWidth: 0 }}>
        <Icon aria-hidden sx={{ color: 'text.secondary', mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
            {device.current && <Chip size="small" color="primary" label={t('account.devices.thisDevice')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {t('account.devices.lastSeen', { time: formatDateTime(device.lastSeenAtMs, locale) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('account.devices.loggedInAt', { time: formatDateTime(device.createdAtMs, locale) })}
            {device.ip ? ` · ${t('account.devices.ip', { ip: device.ip })}` : ''}
          </Typography>
        </Box>
      </Stack>
      {filter === 'ACTIVE' && !device.current && (
        <Button
          variant="outlined"
          color="error"
          size="small"
          disabled={busy}
          aria-label={t('account.devices.logoutLabel', { name })}
          onClick={() => onLogout(device)}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, ml: { xs: 4.5, sm: 0 } }}
        >
          {t('account.devices.logout')}
        </Button>
      )}
      {filter === 'INACTIVE' && (
        <Button
          variant="outlined"
          size="small"
          disabled={busy}
          aria-label={t('account.devices.unblockLabel', { name })}
          onClick={() => onUnblock(device)}
          sx={{ alignSelf: { xs: 'stretch', sm: 'center' }, ml: { xs: 4.5, sm: 0 } }}
        >
          {t('account.devices.unblock')}
        </Button>
      )}
    </ListRow>
  );
}

/**
 * `/account/manage-session` and `/account/privacy/manage-session` (R2.16, R7.04): the devices logged
 * into the account, ACTIVE or INACTIVE (fraud-flagged), 10 a page; log out another device after a
 * confirmation; unblock a flagged one.
 */
export function ManageSessionScreen() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<DeviceFilter>('ACTIVE');
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState<Device | null>(null);
  const { notify, snackbar } = useNotice();
  const devices = useDevices(filter, page);
  const logoutDevice = useLogoutDevice();
  const unblockDevice = useUnblockDevice();
  const tabsId = useId();
  const pages = devices.data ? Math.max(1, Math.ceil(devices.data.total / DEVICE_PAGE_SIZE)) : 1;
  const actionError = logoutDevice.error ?? unblockDevice.error;

  return (
    <>
      <AccountPageHeader title={t('account.manageSession')} text={t('account.manageSessionText')} />
      <Tabs
        value={filter}
        onChange={(_, next: DeviceFilter) => {
          setFilter(next);
          setPage(1);
        }}
        aria-label={t('account.devices.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="ACTIVE"
          label={t('account.devices.active')}
          id={`${tabsId}-active`}
          aria-controls={`${tabsId}-panel`}
        />
        <Tab
          value="INACTIVE"
          label={t('account.devices.inactive')}
          id={`${tabsId}-inactive`}
          aria-controls={`${tabsId}-panel`}
        />
      </Tabs>
      <Box
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-${filter === 'ACTIVE' ? 'active' : 'inactive'}`}
      >
        {filter === 'INACTIVE' && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('account.devices.inactiveText')}
          </Typography>
        )}
        {actionError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {actionError.message}
          </Alert>
        )}
        <LoadableList
          items={devices.data?.data}
          isError={devices.isError}
          onRetry={() => void devices.refetch()}
          loadError={t('account.devices.loadError')}
          retryLabel={t('account.devices.retry')}
          emptyText={t('account.devices.empty')}
        >
          {(items) =>
            items.map((device) => (
              <DeviceRow
                key={device.id}
                device={device}
                filter={filter}
                busy={logoutDevice.isPending || unblockDevice.isPending}
                onLogout={setConfirming}
                onUnblock={(target) =>
                  unblockDevice.mutate(target.id, { onSuccess: () => notify(t('account.devices.unblocked')) })
                }
              />
            ))
          }
        </LoadableList>
        {pages > 1 && (
          <Pagination
            count={pages}
            page={page}
            onChange={(_, next) => setPage(next)}
            aria-label={t('account.devices.pageLabel')}
            getItemAriaLabel={(type, item, selected) =>
              type === 'next'
                ? t('account.devices.nextPage')
                : type === 'previous'
                  ? t('account.devices.previousPage')
                  : selected
                    ? t('account.devices.currentPage', { page: item ?? 0 })
                    : t('account.devices.goToPage', { page: item ?? 0 })
            }
            sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          />
        )}
      </Box>
      <ConfirmMutationDialog
        target={confirming}
        title={t('account.devices.confirmTitle')}
        text={(device) => t('account.devices.confirmText', { name: device?.deviceName ?? '' })}
        cancelLabel={t('account.devices.cancel')}
        confirmLabel={t('account.devices.confirm')}
        mutation={logoutDevice}
        variablesOf={(device) => device.id}
        onDone={() => notify(t('account.devices.loggedOut'))}
        onClose={() => setConfirming(null)}
      />
      {snackbar}
    </>
  );
}
