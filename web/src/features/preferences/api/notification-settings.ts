import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationSettingsUpdate, TelegramDeepLink } from '@/api/types';
import { api, dataOf, type ApiError } from '@/lib/api-client';

export const notificationSettingsQueryKey = ['user', 'notification-settings'] as const;

/** How often the page asks again while the user is linking Telegram in another tab. */
export const TELEGRAM_LINK_POLL_MS = 3_000;

/** GET /api/v1/user/notification-settings (R2.16); polled while `polling` (a Telegram link is pending). */
export function useNotificationSettings(options: { polling?: boolean } = {}) {
  return useQuery({
    queryKey: notificationSettingsQueryKey,
    queryFn: ({ signal }) => dataOf<NotificationSettings>(api.GET('/v1/user/notification-settings', { signal })),
    refetchInterval: (query) => (options.polling && !query.state.data?.telegramLinked ? TELEGRAM_LINK_POLL_MS : false),
  });
}

/** PUT /api/v1/user/notification-settings: changes cells, all or none; answers the whole grid. */
export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation<NotificationSettings, ApiError, NotificationSettingsUpdate>({
    mutationKey: ['account', 'notificationSettings'],
    mutationFn: (input) => dataOf<NotificationSettings>(api.PUT('/v1/user/notification-settings', { body: input })),
    onSuccess: (settings) => client.setQueryData(notificationSettingsQueryKey, settings),
  });
}

/** POST /api/v1/user/telegram/deep-link: a single-use `t.me` link that expires. */
export function useTelegramDeepLink() {
  return useMutation<TelegramDeepLink, ApiError, void>({
    mutationKey: ['account', 'telegramDeepLink'],
    mutationFn: () => dataOf<TelegramDeepLink>(api.POST('/v1/user/telegram/deep-link')),
  });
}

/** DELETE /api/v1/user/telegram/link: answers 204. */
export function useUnlinkTelegram() {
  const client = useQueryClient();
  return useMutation<void, ApiError, void>({
    mutationKey: ['account', 'unlinkTelegram'],
    mutationFn: () => dataOf<void>(api.DELETE('/v1/user/telegram/link')),
    onSettled: () => client.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
  });
}
