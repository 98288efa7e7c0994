import { useMutation } from '@tanstack/react-query';
import { useCreateClient } from '../../../lib/client.js';

/** Asks the API whose key this is: a key that answers is one we can sign in with. */
export function useCheckApiKey() {
  const createClient = useCreateClient();
  return useMutation({ mutationFn: (apiKey: string) => createClient(apiKey).getAccount() });
}
