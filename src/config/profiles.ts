/** How much a run sends: every check everywhere, or the economy of src/harness/profile.ts (docs/profiles.md). */
export const PROFILES = ['full', 'quick'] as const;
export type Profile = (typeof PROFILES)[number];
