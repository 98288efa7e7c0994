/**
 * What a filter finds as someone types a name: pets through the API's search (`q`, a few at a
 * time), accounts in the list of every account (`lib/accounts.ts`), each with its id.
 */
import type { Account, PetstoreClient } from '@pets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAccountsQueryOptions } from './accounts.js';
import { useClient } from './client.js';
import { useRateLimit } from './rate-limit.js';
import { PETS_QUERY_ROOT } from './store.js';

/** One thing found by its name: "Biscuit", with what tells it apart ("#22, available"). */
export interface NamedMatch {
  id: number;
  name: string;
  detail?: string | undefined;
}

/** What a search for the text typed has found so far. */
export interface MatchesState {
  matches: readonly NamedMatch[] | undefined;
  searching: boolean;
  failed: boolean;
}

/** How many matches are offered at once: enough to choose from, few enough to read. */
export const MATCHES_SHOWN = 8;

/** The pets whose name holds every word typed (the API's `q`), first ones by name. */
export const findPetsQueryOptions = (client: PetstoreClient, text: string) =>
  queryOptions({
    queryKey: [PETS_QUERY_ROOT, 'find', text] as const,
    queryFn: async ({ signal }): Promise<NamedMatch[]> => {
      const page = await client.listPets(
        { q: text, sort: 'name', limit: MATCHES_SHOWN },
        { signal },
      );
      return page.data.map((pet) => ({ id: pet.id, name: pet.name, detail: pet.status }));
    },
  });

/**
 * Accounts whose name holds every word typed, in any case, as the API's pet search reads words: a
 * word of 1 or 2 characters as the start of a word ("zo" finds "Zoo Shop"), a longer one anywhere.
 * The first few, by name.
 */
export function matchAccounts(accounts: readonly Account[], text: string): NamedMatch[] {
  const words = text.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return accounts
    .filter((account) => {
      const name = account.name.toLocaleLowerCase();
      const starts = name.split(/[^\p{L}\p{N}]+/u);
      return words.every((word) =>
        word.length <= 2 ? starts.some((start) => start.startsWith(word)) : name.includes(word),
      );
    })
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, MATCHES_SHOWN)
    .map((account) => ({ id: account.id, name: account.name, detail: account.role }));
}

/** The pets named like `text`, searched for once it is not empty. */
export function usePetMatches(text: string): MatchesState {
  const client = useClient();
  const { blocked } = useRateLimit();
  const found = useQuery({
    ...findPetsQueryOptions(client, text),
    enabled: text !== '' && !blocked,
  });
  return { matches: found.data, searching: found.isFetching, failed: found.isError };
}

/** Every account (staff), read once `enabled`: to name one and to find one by name. */
export function useAccounts(enabled: boolean) {
  const client = useClient();
  const { blocked } = useRateLimit();
  return useQuery({ ...listAccountsQueryOptions(client), enabled: enabled && !blocked });
}

/** The accounts named like `text` (the list is read once something is typed). */
export function useAccountMatches(text: string): MatchesState {
  const accounts = useAccounts(text !== '');
  return {
    matches: accounts.data ? matchAccounts(accounts.data.data, text) : undefined,
    searching: accounts.isFetching && !accounts.data,
    failed: accounts.isError,
  };
}
