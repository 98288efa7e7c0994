/**
 * Who may call a route besides any key: staff only, people signed in only, or anyone (an open
 * route such as signing in).
 */
import { SetMetadata } from '@nestjs/common';

export const STAFF_ONLY = 'petstore:staff-only';

/** Only keys of staff accounts may use this route; partner keys get `403 forbidden`. */
export const StaffOnly = () => SetMetadata(STAFF_ONLY, true);

export const PERSON_ONLY = 'petstore:person-only';

/** Only a person signed in (the session cookie) may use this route; a key gets `403 forbidden`. */
export const PersonOnly = () => SetMetadata(PERSON_ONLY, true);

export const OPEN = 'petstore:open';

/**
 * Anyone may call this route without a key or a session (signing in), counted against the client's
 * address like a request without a key.
 */
export const Open = () => SetMetadata(OPEN, true);
