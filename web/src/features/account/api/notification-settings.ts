import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import type { NotificationSettings, NotificationSettingsUpdate, TelegramDeepLink } from '@/api/types';
import { apiClient, type ApiError } from '@/lib/api-client';

export const notificationSettingsQueryKey = ['user', 'notification-settings'] as const;

/** How often the page asks again while the user is linking Telegram in another tab. */
export const TELEGRAM_LINK_POLL_MS = 3_000;

/** GET /api/v1/user/notification-settings (R2.16); polled while `polling` (a Telegram link is pending). */
export function useNotificationSettings(options: { polling?: boolean } = {}) {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => apiClient.get<NotificationSettings>(apiPaths.notificationSettings, { signal }),
    refetchInterval: (query) => (options.polling && !query.state.data?.telegramLinked ? TELEGRAM_LINK_POLL_MS : false),
  });
}

/** PUT /api/v1/user/notification-settings: changes cells, all or none; answers the whole grid. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation<NotificationSettings, ApiError, NotificationSettingsUpdate>({
    mutationKey: ['account', 'notificationSettings'],
    mutationFn: (input) => apiClient.put<NotificationSettings>(apiPaths.notificationSettings, input),
    onSuccess: (settings) => client.setQueryData(notificationSettingsQueryKey, settings),
  });
}

/** POST /api/v1/user/telegram/deep-link: a single-use `t.me` link that expires. */
export function useTelegramDeepLink() {
  return useMutation<TelegramDeepLink, ApiError, void>({
    mutationKey: ['account', 'telegramDeepLink'],
    mutationFn: () => apiClient.post<TelegramDeepLink>(apiPaths.telegramDeepLink, {}),
  });
}

/** DELETE /api/v1/user/telegram/link: answers 204. */
export function useUnlinkTelegram() {
  const client = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationKey: ['account', 'unlinkTelegram'],
    mutationFn: () => apiClient.delete<void>(apiPaths.telegramLink),
    onSettled: () => client.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
  });
}
