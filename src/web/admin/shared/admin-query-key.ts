/** Every admin query lives under this key, so one invalidation after an action refreshes them all. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
