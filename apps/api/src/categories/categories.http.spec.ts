// Categories over HTTP on each database (docs/partners/categories.md): the starter set, listing in pages
// that never skip, getting, creating once per Idempotency-Key and changing by staff, names unique
// whatever their case, every change in the audit trail, and pets put only in a category in use.
import type { AuditEvent, Category, Pet } from '@pets/contract';
import { ARCHIVED_CATEGORY, NO_SUCH_CATEGORY } from '@pets/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, OWN_ORIGIN, PASSWORD, signInAs } from '../../test/people-app.js';
import { anAccount } from '../../test/factories.js';
import { expectProblem, followLinks } from '../../test/requests.js';
import { createTestApp, ENGINES, type TestApp } from '../../test/test-app.js';

describe.each(ENGINES)('categories on %s', (engine) => {
  let t: TestApp;
  let staff: { key: string; accountId: number; keyId: number };
  let partner: { key: string; accountId: number; keyId: number };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    staff = await t.createKey(anAccount({ name: 'Staff', role: 'staff' }));
    partner = await t.createKey(anAccount({ name: 'Partner' }));
  });
  afterAll(async () => {
    await t.close();
  });

  const createCategory = async (name: string) => {
    const response = await t.as(staff.key).post('/v1/categories', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Category>();
  };
  const patchCategory = (id: number, body: unknown, key = staff.key) =>
    t.as(key).patch(`/v1/categories/${id}`, body);
  const getCategory = async (id: number) =>
    (await t.as(partner.key).get(`/v1/categories/${id}`)).json<Category>();
  const createPet = (categoryId: number, name = 'Rex', headers: Record<string, string> = {}) =>
    t.as(partner.key).post('/v1/pets', { name, categoryId }, headers);
  const history = async (id: number) =>
    (await t.as(staff.key).get(`/v1/admin/audit?targetType=category&targetId=${id}`)).json<
      AuditEvent[]
    >();
  /** Every category, following `Link` from `url` to the end. */
  const everyCategory = (url: string, key = partner.key) =>
    followLinks<Category>((next) => t.as(key).get(next), url);
  const refusal = (issue: string) => ({
    code: 'invalid_body',
    status: 400,
    message: `The request body is invalid: categoryId ${issue}.`,
    details: [{ field: 'categoryId', issue }],
  });

  it('starts with the starter set, in use, in ascending id', async () => {
    const response = await t.as(partner.key).get('/v1/categories');
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
    expect(response.json()).toEqual(
      ['Dogs', 'Cats', 'Birds', 'Fish', 'Reptiles', 'Small animals'].map((name, i) => ({
        id: i + 1,
        name,
        archived: false,
        petCount: 0,
      })),
    );
  });

  it('asks for a key, and staff to create or change', async () => {
    for (const [method, url] of [
      ['GET', '/v1/categories'],
      ['GET', '/v1/categories/1'],
      ['POST', '/v1/categories'],
      ['PATCH', '/v1/categories/1'],
    ] as const) {
      const anonymous = await t.as().send(method, url, method === 'GET' ? undefined : {});
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const create = await t.as(partner.key).post('/v1/categories', { name: 'Horses' });
    expect(create.statusCode).toBe(403);
    const patch = await patchCategory(1, { archived: true }, partner.key);
    expect(patch.statusCode).toBe(403);
    expect((await getCategory(1)).archived).toBe(false);
  });

  it('creates a category in use, with its Location, and records it', async () => {
    const response = await t.as(staff.key).post('/v1/categories', { name: '  Horses  ' });
    expect(response.statusCode).toBe(201);
    const created = response.json<Category>();
    expect(created).toEqual({ id: created.id, name: 'Horses', archived: false, petCount: 0 });
    expect(created.id).toBeGreaterThan(6);
    expect(response.headers.location).toBe(`http://localhost:80/v1/categories/${created.id}`);
    expect(await getCategory(created.id)).toEqual(created);
    const [event] = await history(created.id);
    expect(event).toMatchObject({
      action: 'category.created',
      actor: { accountId: staff.accountId, keyId: staff.keyId },
      target: { type: 'category', id: created.id },
      changes: { name: [null, 'Horses'], archived: [null, false] },
    });
  });

  it('gets a category, and 404s one that is not there or an id that is not canonical', async () => {
    expect(await getCategory(2)).toEqual({ id: 2, name: 'Cats', archived: false, petCount: 0 });
    for (const id of ['999999', '0', '01', '1.0', '1e3', 'abc', '-1', '9007199254740992']) {
      const response = await t.as(partner.key).get(`/v1/categories/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({
        code: 'not_found',
        status: 404,
        message: 'No category has this id.',
      });
    }
    expect((await patchCategory(999999, { archived: true })).statusCode).toBe(404);
    expect((await patchCategory(Number.NaN, { archived: true })).statusCode).toBe(404);
  });

  it('refuses a name another category has, whatever its case, on create and on rename', async () => {
    const taken = await t.as(staff.key).post('/v1/categories', { name: 'dOGS' });
    expectProblem(taken, {
      code: 'name_taken',
      status: 409,
      message:
        'Another category already has this name (names are compared whatever their case, width or invisible characters).',
    });
    const fish = await createCategory('Tropical fish');
    const renamed = await patchCategory(fish.id, { name: 'CATS' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json<{ code: string }>().code).toBe('name_taken');
    expect((await getCategory(fish.id)).name).toBe('Tropical fish');
    // Its own name in another case is a rename.
    const recased = await patchCategory(fish.id, { name: 'Tropical Fish' });
    expect(recased.statusCode).toBe(200);
    expect(recased.json<Category>().name).toBe('Tropical Fish');
    expect((await history(fish.id)).map((event) => event.action)).toEqual([
      'category.renamed',
      'category.created',
    ]);
  });

  it('takes names that differ only in width, invisible characters or case folding as one name', async () => {
    const taken = {
      code: 'name_taken',
      status: 409,
      message:
        'Another category already has this name (names are compared whatever their case, width or invisible characters).',
    };
    const mules = await createCategory('Mules');
    // Fullwidth, the long s (U+017F), a zero-width space, a byte order mark and a soft hyphen.
    for (const name of ['ＭＵＬＥＳ', 'Muleſ', 'Mules\u200b', '\uFEFFmules', 'Mu\u00adles']) {
      const refused = await t.as(staff.key).post('/v1/categories', { name });
      expect(refused.statusCode, JSON.stringify(name)).toBe(409);
      expect(refused.json()).toEqual(taken);
    }
    const other = await createCategory('Hinnies');
    for (const name of ['ＭＵＬＥＳ', 'Mule\u200bs', 'MULEſ']) {
      const renamed = await patchCategory(other.id, { name });
      expect(renamed.statusCode, JSON.stringify(name)).toBe(409);
      expect(renamed.json()).toEqual(taken);
    }
    expect(await getCategory(other.id)).toEqual(other);
    // Its own name in another width is a rename.
    const rewidened = await patchCategory(mules.id, { name: 'ＭＵＬＥＳ' });
    expect(rewidened.statusCode).toBe(200);
    expect(rewidened.json<Category>().name).toBe('ＭＵＬＥＳ');
    // Names that differ in a letter, an accent or an emoji are other names.
    const others = ['Mule', 'Müles', 'Mules 🫏', '🫏'];
    for (const name of others) await createCategory(name);
    const names = (await everyCategory('/v1/categories?limit=100')).map(
      (category) => category.name,
    );
    expect(names).toEqual(expect.arrayContaining(['ＭＵＬＥＳ', 'Hinnies', ...others]));
    for (const refused of ['Mules', 'Muleſ', 'Mules\u200b', 'mules', 'Mu\u00adles', 'Mule\u200bs'])
      expect(names).not.toContain(refused);
  });

  it('gives one of creates of one name written in other widths and invisible characters at once', async () => {
    const answers = await Promise.all(
      ['Geese', 'ＧＥＥＳＥ', 'Geeſe', 'Gee\u200bse', 'geese\u2060'].map((name) =>
        t.as(staff.key).post('/v1/categories', { name }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const categories = await everyCategory('/v1/categories?limit=100');
    expect(
      categories.filter((category) =>
        /^geese$/i.test(category.name.normalize('NFKC').replace(/[\u200b\u2060]/g, '')),
      ),
    ).toHaveLength(1);
  });

  it('gives one of two creates of one name at once, and 409 to the other', async () => {
    const answers = await Promise.all(
      ['Ferrets', 'FERRETS', 'ferrets', 'Ferrets '].map((name) =>
        t.as(staff.key).post('/v1/categories', { name }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const categories = await everyCategory('/v1/categories?limit=100');
    expect(categories.filter((category) => category.name.toLowerCase() === 'ferrets')).toHaveLength(
      1,
    );
  });

  it('names each problem of a body, an unknown field and an empty patch with 400', async () => {
    const bad = async (method: 'POST' | 'PATCH', body: unknown, details: unknown) => {
      const url = method === 'POST' ? '/v1/categories' : '/v1/categories/3';
      const response = await t.as(staff.key).send(method, url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ code: string; details: unknown }>()).toMatchObject({
        code: 'invalid_body',
        details,
      });
    };
    await bad('POST', {}, [{ field: 'name', issue: 'is required' }]);
    await bad('POST', { name: '   ' }, [{ field: 'name', issue: 'must not be empty' }]);
    await bad('POST', { name: 'x'.repeat(61) }, [
      { field: 'name', issue: 'must be at most 60 characters' },
    ]);
    await bad('POST', { name: 7 }, [{ field: 'name', issue: 'must be a string' }]);
    await bad('POST', { name: 'Ok', archived: true }, [
      { field: 'archived', issue: 'is not allowed' },
    ]);
    const array = await t.as(staff.key).post('/v1/categories', []);
    expect(array.statusCode).toBe(400);
    expect(array.json<{ code: string }>().code).toBe('invalid_json');
    await bad('PATCH', {}, [{ field: '', issue: 'must change at least one of name, archived' }]);
    await bad('PATCH', { archived: 'yes' }, [
      { field: 'archived', issue: 'must be true or false' },
    ]);
    await bad('PATCH', { name: null }, [{ field: 'name', issue: 'must be a string' }]);
    await bad('PATCH', { petCount: 3 }, [
      { field: 'petCount', issue: 'is not allowed' },
      { field: '', issue: 'must change at least one of name, archived' },
    ]);
    expect(await history(3)).toEqual([]);
    expect(
      (await t.as(staff.key).post('/v1/categories', { name: 'x'.repeat(60) })).statusCode,
    ).toBe(201);
  });

  it('archives and restores, as merge patches of either media type; what it has already changes nothing', async () => {
    const category = await createCategory('Insects');
    const archived = await t
      .as(staff.key)
      .patch(
        `/v1/categories/${category.id}`,
        { archived: true },
        { 'content-type': 'application/merge-patch+json' },
      );
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ ...category, archived: true });
    expect((await patchCategory(category.id, { archived: true })).json()).toEqual({
      ...category,
      archived: true,
    });
    expect((await patchCategory(category.id, { name: 'Insects' })).statusCode).toBe(200);
    const restored = await patchCategory(category.id, { archived: false, name: 'Bugs' });
    expect(restored.json()).toEqual({ ...category, name: 'Bugs' });
    const events = await history(category.id);
    expect(events.map(({ action, changes }) => ({ action, changes }))).toEqual([
      { action: 'category.restored', changes: { archived: [true, false] } },
      { action: 'category.renamed', changes: { name: ['Insects', 'Bugs'] } },
      { action: 'category.archived', changes: { archived: [false, true] } },
      { action: 'category.created', changes: { name: [null, 'Insects'], archived: [null, false] } },
    ]);
    const text = await t.as(staff.key).patch(`/v1/categories/${category.id}`, undefined, {
      'content-type': 'text/plain',
    });
    expect(text.json<{ code: string }>().code).toBe('unsupported_media_type');
  });

  it('counts the pets in a category that are not removed', async () => {
    const category = await createCategory('Counted');
    const ids: number[] = [];
    for (const name of ['A', 'B', 'C']) {
      const response = await createPet(category.id, name);
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json<Pet>().id);
    }
    expect((await t.as(staff.key).delete(`/v1/pets/${ids[0]}`)).statusCode).toBe(204);
    const moved = await t.as(partner.key).patch(`/v1/pets/${ids[1]}`, { categoryId: 1 });
    expect(moved.statusCode).toBe(200);
    expect((await getCategory(category.id)).petCount).toBe(1);
    const listed = await everyCategory('/v1/categories?limit=100');
    expect(listed.find((found) => found.id === category.id)?.petCount).toBe(1);
  });

  it('pages in ascending id to the end, every category once, with cursors of this list only', async () => {
    for (let i = 0; i < 5; i++) await createCategory(`Paged ${i}`);
    const all = await everyCategory('/v1/categories?limit=100');
    const paged = await everyCategory('/v1/categories?limit=2');
    expect(paged).toEqual(all);
    const ids = paged.map((category) => category.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    const first = await t.as(partner.key).get('/v1/categories?limit=2');
    expect(first.headers.link).toMatch(
      /^<http:\/\/localhost:80\/v1\/categories\?limit=2&cursor=[^>]+>; rel="next"$/,
    );
    // A cursor of another list is not one of this list's.
    const keys = await t.as(partner.key).get('/v1/account/keys?limit=1');
    const peopleCursor = await t.as(staff.key).get('/v1/admin/audit?limit=1');
    for (const response of [keys, peopleCursor]) {
      const cursor = /cursor=([^&>]+)/.exec(String(response.headers.link ?? ''))?.[1];
      if (cursor === undefined) continue;
      const refused = await t.as(partner.key).get(`/v1/categories?cursor=${cursor}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'invalid_query',
        details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
      });
    }
    for (const query of ['limit=0', 'limit=101', 'cursor=nope', 'name=x']) {
      const refused = await t.as(partner.key).get(`/v1/categories?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json<{ code: string }>().code).toBe('invalid_query');
    }
  });

  it('creates once per Idempotency-Key, and refuses the key for another name', async () => {
    const headers = { 'idempotency-key': `category-${engine}` };
    const first = await t.as(staff.key).post('/v1/categories', { name: 'Spiders' }, headers);
    expect(first.statusCode).toBe(201);
    const again = await t.as(staff.key).post('/v1/categories', { name: ' Spiders' }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers.location).toBe(first.headers.location);
    const other = await t.as(staff.key).post('/v1/categories', { name: 'Snails' }, headers);
    expect(other.statusCode).toBe(400);
    expect(other.json<{ code: string }>().code).toBe('idempotency_key_reused');
    const id = first.json<Category>().id;
    expect((await history(id)).map((event) => event.action)).toEqual(['category.created']);
    // A key a pet was created with is not this operation's.
    const petKey = { 'idempotency-key': `pet-${engine}` };
    expect((await createPet(1, 'Keyed', petKey)).statusCode).toBe(201);
    const reused = await t.as(staff.key).post('/v1/categories', { name: 'Keyed' }, petKey);
    expect(reused.statusCode).toBe(201);
  });

  it('is created and changed by a staff person signed in, and read by a partner person', async () => {
    await t.createPerson(staff.accountId, { email: 'sam@staff.example', password: PASSWORD });
    const cookie = cookieOf(await signInAs(t, 'sam@staff.example'));
    const created = await t
      .as({ cookie, origin: OWN_ORIGIN })
      .post('/v1/categories', { name: 'Rabbits' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Category>().id;
    expect((await history(id))[0]?.actor).toMatchObject({ accountId: staff.accountId });
    const listed = await t.as({ cookie }).get('/v1/categories');
    expect(listed.statusCode).toBe(200);
  });

  describe('pets in categories', () => {
    it('refuses a pet in a category that is not there, or archived, until it is restored', async () => {
      const unknown = await createPet(424242);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual(refusal(NO_SUCH_CATEGORY));

      const category = await createCategory('Archivable');
      expect((await createPet(category.id)).statusCode).toBe(201);
      expect((await patchCategory(category.id, { archived: true })).statusCode).toBe(200);
      const archived = await createPet(category.id);
      expect(archived.statusCode).toBe(400);
      expect(archived.json()).toEqual(refusal(ARCHIVED_CATEGORY));

      expect((await patchCategory(category.id, { archived: false })).statusCode).toBe(200);
      expect((await createPet(category.id)).statusCode).toBe(201);
      expect((await getCategory(category.id)).petCount).toBe(2);
    });

    it('moves a pet only to a category in use; a pet keeps an archived category until moved', async () => {
      const old = await createCategory('Old category');
      const created = await createPet(old.id, 'Stays');
      const pet = created.json<Pet>();
      expect((await patchCategory(old.id, { archived: true })).statusCode).toBe(200);
      const move = (body: unknown) => t.as(partner.key).patch(`/v1/pets/${pet.id}`, body);

      // A patch that leaves the category alone, or sets the one it has, is not checked.
      const renamed = await move({ name: 'Still here', status: 'pending' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ categoryId: old.id, name: 'Still here' });
      expect((await move({ categoryId: old.id })).statusCode).toBe(200);

      const toUnknown = await move({ categoryId: 424242 });
      expect(toUnknown.statusCode).toBe(400);
      expect(toUnknown.json()).toEqual(refusal(NO_SUCH_CATEGORY));
      const other = await createCategory('Other archived');
      await patchCategory(other.id, { archived: true });
      const toArchived = await move({ categoryId: other.id, name: 'Moved' });
      expect(toArchived.statusCode).toBe(400);
      expect(toArchived.json()).toEqual(refusal(ARCHIVED_CATEGORY));

      const toUsed = await move({ categoryId: 2 });
      expect(toUsed.statusCode).toBe(200);
      expect(toUsed.json()).toMatchObject({ categoryId: 2, name: 'Still here' });
      // Nothing was changed by a refusal.
      const events = await t.as(staff.key).get(`/v1/admin/audit?targetType=pet&targetId=${pet.id}`);
      expect(events.json<AuditEvent[]>().map((event) => event.changes)).toEqual([
        { categoryId: [old.id, 2] },
        { name: ['Stays', 'Still here'], status: ['available', 'pending'] },
        { name: [null, 'Stays'], categoryId: [null, old.id], status: [null, 'available'] },
      ]);
    });

    it('answers a repeated create with the stored pet, even once its category is archived', async () => {
      const category = await createCategory('Replayed');
      const headers = { 'idempotency-key': `replay-${engine}` };
      const first = await createPet(category.id, 'Once', headers);
      expect(first.statusCode).toBe(201);
      await patchCategory(category.id, { archived: true });
      const again = await createPet(category.id, 'Once', headers);
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      const fresh = await createPet(category.id, 'Once', { 'idempotency-key': `fresh-${engine}` });
      expect(fresh.statusCode).toBe(400);
      expect((await getCategory(category.id)).petCount).toBe(1);
    });
  });
});

describe('archiving while pets are created in the category, on SQLite (one writer)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ engine: 'sqlite' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lets every pet acknowledged commit before the archive, and refuses every one after', async () => {
    const { key } = await t.createKey(anAccount({ name: 'Staff', role: 'staff' }));
    const send = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const category = (await send('POST', '/v1/categories', { name: 'Raced' })).json<Category>();
    const creates = Array.from({ length: 40 }, (_, i) =>
      send('POST', '/v1/pets', { name: `Raced ${i}`, categoryId: category.id }),
    );
    const archive = send('PATCH', `/v1/categories/${category.id}`, { archived: true });
    const more = Array.from({ length: 40 }, (_, i) =>
      send('POST', '/v1/pets', { name: `Late ${i}`, categoryId: category.id }),
    );
    const answers = await Promise.all([...creates, ...more]);
    expect((await archive).statusCode).toBe(200);
    const created = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode === 400);
    expect(created.length + refused.length).toBe(answers.length);
    for (const answer of refused)
      expect(answer.json<{ details: unknown }>().details).toEqual([
        { field: 'categoryId', issue: ARCHIVED_CATEGORY },
      ]);
    // SQLite commits one transaction at a time, in id order: every pet's event comes before the
    // archive's, and the category holds exactly the pets acknowledged.
    const audit = await t.as(key).get('/v1/admin/audit?limit=100');
    const events = audit.json<AuditEvent[]>();
    const archivedAt = events.find((event) => event.action === 'category.archived')?.id ?? 0;
    const petEvents = events.filter((event) => event.action === 'pet.created');
    expect(petEvents).toHaveLength(created.length);
    for (const event of petEvents) expect(event.id).toBeLessThan(archivedAt);
    const count = await t.as(key).get(`/v1/categories/${category.id}`);
    expect(count.json<Category>()).toMatchObject({ archived: true, petCount: created.length });
  });
});
