/** What stands in every output where a value was hidden (a key, a secret path, personal data). */
export const REDACTED = '[redacted]';
