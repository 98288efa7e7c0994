// The contract's entry loads and exposes what the API, the client and the admin import, keeps the
// test helpers out, and builds the OpenAPI document.
import { describe, expect, it } from 'vitest';

describe('the package entry (@pets/contract)', () => {
  // Imported inside the tests rather than at the top of the file: a module of the contract that
  // cannot even load (a schema that throws as it is defined) then fails these tests.
  const load = () => import('./index.js');

  it('loads, and exposes what the API, the client and the admin app import', async () => {
    const contract = await load();
    expect(Object.keys(contract)).toEqual(
      expect.arrayContaining([
        'NewPet',
        'Pet',
        'Pets',
        'PetStatus',
        'PetIdParam',
        'ListPetsQuery',
        'IdempotencyKey',
        'ApiError',
        'ERROR_STATUS',
        'NewAccount',
        'PlanChange',
        'NewApiKey',
        'Plan',
        'Role',
        'PLAN_LIMITS',
        'ANONYMOUS_LIMITS',
        'BAN_SECONDS',
        'HEADERS',
        'EXPOSED_HEADERS',
        'API_KEY_PREFIX',
        'getPetLinkHeader',
        'toErrorDetails',
        'describeDetails',
        'serializationSchema',
        'createOpenApiDocument',
        'API_VERSION',
        'DEFAULT_SERVER_URL',
      ]),
    );
  });

  it('keeps the test helpers out of the main entry (they are in @pets/contract/testing)', async () => {
    const contract = await load();
    expect(Object.keys(contract)).not.toContain('createNewPet');
    expect(Object.keys(contract)).not.toContain('createPet');
    const testing = await import('./testing.js');
    expect(contract.NewPet.parse(testing.createNewPet())).toEqual(testing.createNewPet());
    expect(contract.Pet.parse(testing.createPet({ id: 7 }))).toEqual(testing.createPet({ id: 7 }));
  });

  it('builds the OpenAPI document from the entry', async () => {
    const contract = await load();
    expect(contract.createOpenApiDocument()).toMatchObject({
      openapi: '3.1.0',
      info: { version: contract.API_VERSION },
    });
  });
});
