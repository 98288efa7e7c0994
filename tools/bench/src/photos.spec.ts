// The photo rows' place in the table and the rows --endpoint chooses.
import { expect, it } from 'vitest';
import { type Endpoint, KEYED_LIST, READ_PET } from './endpoints.js';
import { chosen, EXPANDED_LIST, SERVE_PHOTO, UPLOAD_PHOTO, withPhotoRows } from './photos.js';

const named = (...names: string[]): Endpoint[] =>
  names.map((name) => ({ name, target: { urls: [] } }));
const AFTER = { [EXPANDED_LIST]: KEYED_LIST, [SERVE_PHOTO]: READ_PET };

it('puts the expanded list after the plain one and the image after the read of a pet', () => {
  const rows = withPhotoRows(
    named(KEYED_LIST, 'POST /v1/pets', READ_PET, 'GET /healthz'),
    named(EXPANDED_LIST, SERVE_PHOTO),
    AFTER,
  );
  expect(rows.map((row) => row.name)).toEqual([
    KEYED_LIST,
    EXPANDED_LIST,
    'POST /v1/pets',
    READ_PET,
    SERVE_PHOTO,
    'GET /healthz',
  ]);
});

it('puts a photo row last when the row it follows is not there (another build)', () => {
  const rows = withPhotoRows(named('GET /healthz'), named(SERVE_PHOTO), AFTER);
  expect(rows.map((row) => row.name)).toEqual(['GET /healthz', SERVE_PHOTO]);
});

it('--endpoint photos chooses the three photo rows, limit=20 the expanded list of them', () => {
  const rows = [UPLOAD_PHOTO, SERVE_PHOTO, EXPANDED_LIST];
  expect(rows.filter((name) => chosen('photos', name))).toEqual(rows);
  expect(rows.filter((name) => chosen('limit=20', name))).toEqual([EXPANDED_LIST]);
  expect(rows.filter((name) => chosen(undefined, name))).toEqual(rows);
});
