/** SPEC §9: a session lives 60 minutes from login; the browser checks expiry every 60 s. */
export const SESSION_LIFETIME_MS = 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;

/** localStorage keys of SPEC §3 Session user. */
export const SESSION_STORAGE_KEYS = { user: 'user', expiry: 'tokenExpiry' } as const;

/** Failed sign-ins allowed per email and address before the login answers 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The dashboard warns this long before the session ends, with the time left. */
export const SESSION_WARNING_MS = 5 * 60 * 1000;

/** A student's session lives long enough for a sitting of the longest test (600 minutes) and its start. */
export const STUDENT_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
