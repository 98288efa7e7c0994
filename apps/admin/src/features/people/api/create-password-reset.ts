/** Staff make a one-time password-reset link for a person, which the API shows this once. */
import { useMutation } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';

export function useCreatePasswordReset() {
  const client = useClient();
  return useMutation({
    mutationFn: (personId: number) => client.admin.createPasswordReset(personId),
    // The answer holds the link, a secret: drop it from the cache as soon as the page lets go.
    gcTime: 0,
  });
}
