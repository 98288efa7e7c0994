/** `GET /v1/pets/{petId}` (getPet): deprecated since 1 January 2026, removed on 5 December 2030. */
export const GET_PET_DEPRECATED_AT = new Date('2026-01-01T00:00:00Z');
export const GET_PET_SUNSET_AT = new Date('2030-12-05T00:00:00Z');

/** RFC 9745: `@` followed by Unix seconds. */
export const GET_PET_DEPRECATION_HEADER = `@${GET_PET_DEPRECATED_AT.getTime() / 1000}`;
/** RFC 8594: an HTTP date. */
export const GET_PET_SUNSET_HEADER = GET_PET_SUNSET_AT.toUTCString();

/** The `Link` header of getPet, given the base address that ends in `/v1`. */
export const getPetLinkHeader = (baseUrl: string): string =>
  `<${baseUrl}/pets?status=available>; rel="successor-version", </docs#deprecations>; rel="deprecation"`;
