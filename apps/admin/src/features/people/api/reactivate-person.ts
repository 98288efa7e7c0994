/** Staff reactivate a person: they can sign in again; nothing their deactivation ended comes back. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useClient } from '../../../lib/client.js';
import { peopleQueryKey } from './list-people.js';

export function useReactivatePerson() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: number) => client.admin.reactivatePerson(personId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: peopleQueryKey });
    },
  });
}
