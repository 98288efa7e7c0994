// GET /v1/pets as CSV on each database (docs/partners/pets.md): every pet that matches the
// filters in one streamed file, cells neutralised and quoted, Accept negotiated, one request.
import type { Pet } from '@pets/contract';
import { describe, expect, it, vi } from 'vitest';
import { anAccount } from '../../test/factories.js';
import { expectProblem, followLinks } from '../../test/requests.js';
import { useApp } from '../../test/instances.js';
import { ENGINES } from '../../test/test-app.js';
import { PetsRepository } from './pets.repository.js';
import { EXPORT_PAGE_SIZE } from './pets.service.js';

const HEADER = 'id,name,categoryId,status\r\n';
const CSV = { accept: 'text/csv' };

describe.each(ENGINES)('GET /v1/pets as CSV on %s', (engine) => {
  const { t, staff, partner } = useApp(
    { engine },
    {
      staff: anAccount({ name: 'Staff', role: 'staff' }),
      partner: anAccount({ name: 'Partner', limits: { perMinute: 60, perDay: 1_000 } }),
    },
  );

  const create = async (key: string, pet: Record<string, unknown>) => {
    const response = await t.as(key).post('/v1/pets', { categoryId: 1, ...pet });
    expect(response.statusCode).toBe(201);
    return response.json<Pet>();
  };
  const line = (pet: Pet, name = pet.name) =>
    `${pet.id},${name},${pet.categoryId},${pet.status}\r\n`;

  it('is an empty file (the header alone) when nothing matches, with its headers', async () => {
    const answer = await t.as(staff.key).get('/v1/pets?name=Nobody', CSV);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(HEADER);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="pets.csv"');
    expect(answer.headers['vary']).toBe('Accept');
    expect(answer.headers['link']).toBeUndefined();
  });

  it('neutralises formula cells and quotes quotes, commas and non-ASCII names as RFC 4180 says', async () => {
    const names = ['=SUM(A1)', '+1', '-1', '@x', 'Biscuit "Jr."', 'Rex, the second', 'Zoë 猫 🐈'];
    const pets = [];
    for (const name of names) pets.push(await create(staff.key, { name, categoryId: 3 }));
    const answer = await t.as(staff.key).get('/v1/pets?categoryId=3', CSV);
    expect(answer.body).toBe(
      HEADER +
        [
          line(pets[0]!, "'=SUM(A1)"),
          line(pets[1]!, "'+1"),
          line(pets[2]!, "'-1"),
          line(pets[3]!, "'@x"),
          line(pets[4]!, '"Biscuit ""Jr."""'),
          line(pets[5]!, '"Rex, the second"'),
          line(pets[6]!),
        ].join(''),
    );
    expect(answer.rawPayload.toString('utf8')).toContain('Zoë 猫 🐈');
  });

  it('holds every pet that matches the filters, past any page size, ignoring limit', async () => {
    const mine = await create(partner.key, { name: 'Csv mine', categoryId: 2, status: 'sold' });
    await create(partner.key, { name: 'Csv mine too', categoryId: 2 });
    await create(staff.key, { name: 'Csv staff', categoryId: 2, status: 'sold' });
    const answer = await t
      .as(partner.key)
      .get('/v1/pets?status=sold&categoryId=2&owner=me&name=csv&limit=1', CSV);
    expect(answer.body).toBe(HEADER + line(mine));

    // More pets than one read takes: read in pages, every one there once, in ascending id.
    const json = [];
    for (let n = 0; n < EXPORT_PAGE_SIZE + 5; n += 50) {
      const made = await Promise.all(
        Array.from({ length: 50 }, (_, k) =>
          create(staff.key, { name: `Bulk ${n + k}`, categoryId: 4 }),
        ),
      );
      json.push(...made);
    }
    json.sort((a, b) => a.id - b.id);
    const reads = vi.spyOn(t.app.get(PetsRepository), 'list');
    try {
      const all = await t.as(staff.key).get('/v1/pets?categoryId=4', CSV);
      expect(all.body).toBe(HEADER + json.map((pet) => line(pet)).join(''));
      expect(reads).toHaveBeenCalledTimes(2);

      // In another order, across the same two reads: the pets as the JSON list walks them.
      reads.mockClear();
      const byName = await t.as(staff.key).get('/v1/pets?categoryId=4&sort=-name', CSV);
      expect(reads).toHaveBeenCalledTimes(2);
      const walked = await followLinks<Pet>(
        (url) => t.as(staff.key).get(url),
        '/v1/pets?categoryId=4&sort=-name&limit=100',
      );
      expect(walked).toHaveLength(json.length);
      expect(byName.body).toBe(HEADER + walked.map((pet) => line(pet)).join(''));
    } finally {
      reads.mockRestore();
    }
  });

  it('holds only the pets q finds, in the order sort asks for', async () => {
    const junior = await create(staff.key, { name: 'Quokka Jr.' });
    await create(staff.key, { name: 'Quokka Senior' });
    const first = await create(staff.key, { name: 'Jr Quokka' });
    const answer = await t.as(staff.key).get('/v1/pets?q=quokka%20jr&sort=name', CSV);
    expect(answer.body).toBe(HEADER + line(first) + line(junior));
  });

  it('is chosen by Accept as the OpenAPI document says; both answers vary by Accept', async () => {
    const asJson = (answer: { headers: Record<string, unknown> }) =>
      String(answer.headers['content-type']).startsWith('application/json');
    for (const [accept, csv] of [
      ['text/csv, application/json;q=0.5', true],
      ['text/*', true],
      ['application/json, text/csv;q=0.5', false],
      ['*/*', false],
      ['application/xml', false],
    ] as const) {
      const answer = await t.as(staff.key).get('/v1/pets?limit=1', { accept });
      expect(answer.statusCode, accept).toBe(200);
      expect(asJson(answer), accept).toBe(!csv);
      expect(answer.body.startsWith(HEADER), accept).toBe(csv);
      expect(answer.headers['vary']).toBe('Accept');
    }
    const plain = await t.as(staff.key).get('/v1/pets?limit=1');
    expect(asJson(plain)).toBe(true);
  });

  it("refuses a cursor (a file has no pages) and bad filters in the contract's words", async () => {
    const page = await t.as(staff.key).get('/v1/pets?limit=1');
    const cursor = new URL(
      String(page.headers['link']).slice(1).split('>')[0] ?? '',
    ).searchParams.get('cursor');
    const answer = await t.as(staff.key).get(`/v1/pets?limit=1&cursor=${cursor}`, CSV);
    expectProblem(answer, {
      code: 'invalid_query',
      status: 400,
      message:
        'The query string is invalid: cursor is not taken with `Accept: text/csv`: the file holds every pet.',
      details: [
        {
          field: 'cursor',
          issue: 'is not taken with `Accept: text/csv`: the file holds every pet',
        },
      ],
    });
    const bad = await t.as(staff.key).get('/v1/pets?status=lost', CSV);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/^application\/json/);
    expect(bad.json()).toMatchObject({ code: 'invalid_query', details: [{ field: 'status' }] });
  });

  it('counts as one request and carries the rate-limit headers', async () => {
    const before = await t.as(partner.key).get('/v1/pets?limit=1');
    const remaining = Number(before.headers['x-ratelimit-remaining']);
    const answer = await t.as(partner.key).get('/v1/pets', CSV);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-ratelimit-limit']).toBe('60');
    expect(Number(answer.headers['x-ratelimit-remaining'])).toBe(remaining - 1);
    expect(answer.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
    expect(answer.headers['ratelimit']).toBeDefined();
  });
});
