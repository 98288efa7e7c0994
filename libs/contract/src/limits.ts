/** Sizes of a request the API accepts, counts it keeps to, and how the documents name them. */
import type { Plan } from './rate-limit.js';

/** The largest request body, in bytes (`413 payload_too_large` beyond it). */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** The largest request head (request line and headers), in bytes: Node's own default (`431`). */
export const HEADERS_LIMIT_BYTES = 16 * 1024;

/**
 * The most live (unrevoked) keys an account may have at once: one more is `409 too_many_api_keys`.
 * Enough for a key per service and environment, with room to rotate; GitHub and Stripe cap theirs
 * likewise.
 */
export const ACTIVE_KEYS_MAX = 100;

/**
 * The most webhook endpoints an account may have at once: one more is
 * `409 too_many_webhook_endpoints` until one is deleted. An endpoint takes any number of event
 * types, so a few are enough (Stripe stops at 16 too).
 */
export const WEBHOOK_ENDPOINTS_MAX = 16;

/**
 * The most open (placed or approved) store orders an account may hold at once, by plan: one more is
 * `409 open_orders_limit` until one is cancelled or delivered. An enterprise account may agree its
 * own number (`limits.openOrders`); this one is for those that did not. Staff accounts have no cap.
 */
export const OPEN_ORDERS_MAX = {
  free: 3,
  pro: 20,
  business: 100,
  enterprise: 1_000,
} as const satisfies Record<Plan, number>;

/**
 * The most open orders an account may hold at once: its plan's, or an enterprise account's own
 * (`ownNumber`, when it agreed one); `undefined` for staff, who have no cap.
 */
export const openOrdersMax = (
  plan: Plan,
  role: 'staff' | 'partner',
  ownNumber: number | null,
): number | undefined =>
  role === 'staff'
    ? undefined
    : plan === 'enterprise'
      ? (ownNumber ?? OPEN_ORDERS_MAX.enterprise)
      : OPEN_ORDERS_MAX[plan];

/** `16 KiB`: a size in the words the documents use. */
export const formatBytes = (bytes: number): string =>
  bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;

/** `5 December 2030`: an instant's UTC day, as prose says it. */
export const formatDay = (instant: Date): string =>
  instant.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The most items one `POST /pets/batch` may carry (GitHub's and Stripe's batches stop at 100). */
export const BATCH_ITEMS_MAX = 100;

/** The largest photo upload, in bytes (`413 payload_too_large` beyond it). */
export const PHOTO_BYTES_MAX = 15 * 1024 * 1024;

/** The most pixels an uploaded photo may have (width × height): 40 megapixels. */
export const PHOTO_PIXELS_MAX = 40_000_000;

/**
 * The most a photo may be longer one way than the other: a strip past it would be taller than WebP
 * can hold at 1080 pixels wide (16,383), and hold as much memory as a 40-megapixel photo.
 */
export const PHOTO_ASPECT_MAX = 10;

/** The most photos a pet may have. */
export const PHOTOS_PER_PET_MAX = 12;

/** The widths each photo is served at, in pixels (smaller images are not enlarged). */
export const PHOTO_WIDTHS = { small: 160, medium: 480, large: 1080 } as const;
export type PhotoSize = keyof typeof PHOTO_WIDTHS;

/** The media types a photo upload may have. */
export const PHOTO_MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type PhotoMediaType = (typeof PHOTO_MEDIA_TYPES)[number];
