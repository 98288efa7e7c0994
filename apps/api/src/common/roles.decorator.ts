import { SetMetadata } from '@nestjs/common';

export const STAFF_ONLY = 'petstore:staff-only';

/** Only keys of staff accounts may use this route; partner keys get `403 forbidden`. */
export const StaffOnly = () => SetMetadata(STAFF_ONLY, true);
