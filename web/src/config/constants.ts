/** Business constants of SPEC.md section 9 that the client shell relies on. Units last in names. */

export const APP_NAME = 'Lumbung';

/** R9.01: every API call gives up after this long. */
export const REQUEST_TIMEOUT_MS = 100_000;
/** R9.01 / R8.05: a failed call is retried this many times (so at most 4 attempts). */
export const REQUEST_RETRIES_MAX = 3;
/** R8.05: the wait before retry n is n × this. */
export const RETRY_DELAY_STEP_MS = 500;
/** A 429 is retried only when the server asks for at most this wait; longer waits fail fast. */
export const RETRY_AFTER_WAIT_MAX_MS = 10_000;

/** R8.02: the maintenance screen re-checks the server after Retry-After, clamped to this range. */
export const MAINTENANCE_RECHECK_MIN_SECS = 5;
export const MAINTENANCE_RECHECK_MAX_SECS = 60;

/** R9.03: responsive breakpoints (px). The same numbers are used in src/index.css. */
export const BREAKPOINTS_PX = { xs: 0, sm: 640, md: 900, lg: 1024, xl: 1440 } as const;

/** R9.12: tooltip timings. */
export const TOOLTIP_ENTER_DELAY_MS = 100;
export const TOOLTIP_LEAVE_TOUCH_DELAY_MS = 1500;
export const INFO_TOOLTIP_LEAVE_TOUCH_DELAY_MS = 10_000;

/** R2.10 / R5.09: a token is used or stored only when its decoded length exceeds this. */
export const TOKEN_MIN_LENGTH_EXCLUSIVE = 12;

/** Cookie lifetimes. */
export const PREFERENCE_COOKIE_MAX_AGE_SECS = 365 * 24 * 60 * 60;
export const RETURN_PATH_COOKIE_MAX_AGE_SECS = 60 * 60;

/** R1.15: analytics batching. */
export const ANALYTICS_FLUSH_INTERVAL_MS = 5_000;
export const ANALYTICS_BATCH_MAX = 20;
/** The server accepts at most this many events per call. */
export const ANALYTICS_EVENTS_PER_CALL_MAX = 50;
/** Events kept while the server is unreachable; older ones are dropped first. */
export const ANALYTICS_QUEUE_MAX = 200;

/** R8.10: client error logs. */
export const CLIENT_LOG_ENTRIES_PER_CALL_MAX = 20;
export const CLIENT_LOG_FLUSH_DELAY_MS = 1_000;
/** At most this many entries are sent per minute; the same message is sent once per minute. */
export const CLIENT_LOG_ENTRIES_PER_MINUTE_MAX = 10;
export const CLIENT_LOG_MESSAGE_CHARS_MAX = 2_000;
export const CLIENT_LOG_STACK_CHARS_MAX = 8_000;

/** R3.17: the PIN is asked again before sensitive pages after this long without activity. */
export const PIN_INACTIVITY_TIMEOUT_MS = 15 * 60_000;
/** Activity refreshes the PIN timestamp at most this often. */
export const PIN_ACTIVITY_THROTTLE_MS = 30_000;
/** R1.13: one-time codes and PINs are six digits. */
export const OTP_LENGTH = 6;
export const PIN_LENGTH = 6;
/** The login token cookie lives as long as the server's refresh token (30 days); an expired access
 * token inside it is renewed by the silent refresh. */
export const SESSION_COOKIE_MAX_AGE_SECS = 30 * 24 * 60 * 60;
/** R7.04 / R9.06: devices per page. */
export const DEVICE_PAGE_SIZE = 10;

/** R7.05 / R9.06: order lists show 30 a page (crypto, US stocks, futures); options 50. */
export const ORDER_PAGE_SIZE = 30;
export const OPTIONS_ORDER_PAGE_SIZE = 50;
