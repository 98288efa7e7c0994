/** Staff deactivate a person: they can no longer sign in, and every session of theirs ends. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { peopleQueryKey } from './list-people.js';

export function useDeactivatePerson() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: number) => client.admin.deactivatePerson(personId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleQueryKey });
    },
  });
}
