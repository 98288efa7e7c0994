/** How an API key is named to people: by its label, or its prefix. */
import type { ApiKey } from '@pets/client';

/** A key as people tell it apart: its label, or its prefix when it has none. */
export const shortName = (key: Pick<ApiKey, 'label' | 'prefix'>, quoted = false): string => {
  if (!key.label) return `${key.prefix}…`;
  return quoted ? `“${key.label}”` : key.label;
};

/** A key named beyond doubt, as a confirmation names it: “Reporting script” (pets_test_PkoRr2…). */
export const fullName = (key: Pick<ApiKey, 'label' | 'prefix'>): string =>
  key.label ? `“${key.label}” (${key.prefix}…)` : `${key.prefix}…`;
