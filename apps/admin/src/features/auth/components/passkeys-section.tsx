/** The person's passkeys on their own page: add, list and remove them, and remove the password. */
export function PasskeysSection() {
  return null;
}
