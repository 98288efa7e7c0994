/**
 * Whose a pet is. Ownership is not a field of a pet: staff read it from the pet's first audit event
 * (the account that created it, by name); a partner learns whether it is its own account's from
 * its own pets of that name.
 */
import type { AuditEvent, Pet, PetstoreClient } from '@pets/client';
import { LIST_LIMIT_MAX } from '@pets/contract';
import { queryOptions } from '@tanstack/react-query';
import { cursorOf } from '../../../lib/paging.js';
import { PETS_QUERY_ROOT } from '../../../lib/store.js';

/** The most pages of a pet's history read to find its creation (most pets have one page). */
const MOST_PAGES = 10;

/** Who created a pet, for staff: an account by name, or nothing recorded (staff's then). */
export type PetCreator = { accountId: number; accountName: string | undefined } | 'unrecorded';

const creatorOf = (event: AuditEvent): PetCreator =>
  typeof event.actor === 'object'
    ? { accountId: event.actor.accountId, accountName: event.actor.accountName }
    : 'unrecorded';

/** Staff: the account that created the pet, from its history's oldest pages. */
export const petCreatorQueryOptions = (client: PetstoreClient, petId: number) =>
  queryOptions({
    queryKey: [PETS_QUERY_ROOT, 'creator', petId] as const,
    queryFn: async ({ signal }) => {
      let cursor: string | undefined;
      for (let read = 0; read < MOST_PAGES; read++) {
        const page = await client.admin.listAudit(
          {
            targetType: 'pet',
            targetId: petId,
            expand: ['actor'],
            limit: LIST_LIMIT_MAX,
            ...(cursor === undefined ? {} : { cursor }),
          },
          { signal },
        );
        const created = page.data.find((event) => event.action === 'pet.created');
        cursor = cursorOf(page.next);
        if (created || cursor === undefined)
          return { ...page, creator: created ? creatorOf(created) : ('unrecorded' as const) };
      }
      return { creator: 'unrecorded' as const };
    },
    // Who created a pet never changes.
    staleTime: Infinity,
  });

/** A partner: whether the pet is its own account's (among its own pets of that name). */
export const ownPetQueryOptions = (client: PetstoreClient, pet: Pet) => {
  const query = { owner: 'me', name: pet.name, limit: LIST_LIMIT_MAX } as const;
  return queryOptions({
    queryKey: [PETS_QUERY_ROOT, 'own', pet.id, query] as const,
    queryFn: async ({ signal }) => {
      const page = await client.listPets(query, { signal });
      return { ...page, own: page.data.some((listed) => listed.id === pet.id) };
    },
  });
};
