/**
 * Proves Export CSV: the file asked for with the list's search, filters and order, the rows so far
 * counted while it streams, the file saved as a download, Cancel stopping it with nothing saved,
 * and a failure said in the API's words.
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  account,
  apiError,
  createFakeClient,
  csvStream,
  deferred,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { PetsPage } from './pets-page.js';

const HEADER = 'id,name,categoryId,status\r\n';
const saved: { name: string; text: Promise<string> }[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const file = files.get(this.href);
    if (file) saved.push({ name: this.download, text: file.text() });
  });
  URL.createObjectURL = (file: Blob | MediaSource) => {
    const url = `blob:test/${files.size}`;
    files.set(url, file as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
});
afterEach(() => {
  vi.restoreAllMocks();
  files.clear();
});
const files = new Map<string, Blob>();

describe('Export CSV', () => {
  it('exports what the search, filters and order find, counting the rows as they come, and saves the file', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    const second = deferred<undefined>();
    client.streamPetsCsv.mockResolvedValue(
      csvStream(
        [`${HEADER}1,Rex,1,sold\r\n2,Tom,1,sold\r\n`, '3,Biscuit Jr.,2,sold\r\n'],
        [second.promise],
      ),
    );
    const { user } = renderWithApp(<PetsPage />, client, {
      url: '/admin/pets?q=jr&status=sold&categoryId=2&sort=-name&limit=50&cursor=abc',
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(client.streamPetsCsv).toHaveBeenCalledWith(
      { status: 'sold', q: 'jr', categoryId: 2, sort: '-name' },
      { signal: expect.any(AbortSignal) as AbortSignal },
    );
    expect(await screen.findByText('Exporting… 2 pets so far')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Cancel export' })).toBeDefined();
    second.resolve(undefined);
    const said = await screen.findByText('Exported 3 pets to pets.csv.');
    expect(said.getAttribute('role')).toBe('status');
    expect(saved.map(({ name }) => name)).toEqual(['pets.csv']);
    expect(await saved[0]?.text).toBe(
      `${HEADER}1,Rex,1,sold\r\n2,Tom,1,sold\r\n3,Biscuit Jr.,2,sold\r\n`,
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDefined();
  });

  it('stops on Cancel and saves nothing', async () => {
    const client = createFakeClient();
    const never = new Promise(() => undefined);
    client.streamPetsCsv.mockImplementation((_query, options) =>
      Promise.resolve({
        ...csvStream([`${HEADER}1,Rex,1,sold\r\n`]),
        chunks: (async function* () {
          yield `${HEADER}1,Rex,1,sold\r\n`;
          await Promise.race([
            never,
            new Promise((_, reject) => {
              options?.signal?.addEventListener('abort', () => {
                reject(
                  apiError({ kind: 'aborted', code: 'aborted', message: 'The call was aborted.' }),
                );
              });
            }),
          ]);
        })(),
      }),
    );
    const { user } = renderWithApp(<PetsPage />, client);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await screen.findByText('Exporting… 1 pet so far');
    await user.click(screen.getByRole('button', { name: 'Cancel export' }));
    expect(await screen.findByText('Export cancelled after 1 pet; nothing saved.')).toBeDefined();
    expect(saved).toEqual([]);
  });

  it('says why an export failed', async () => {
    const client = createFakeClient();
    client.streamPetsCsv.mockRejectedValue(apiError({ message: 'Internal error.' }));
    const { user } = renderWithApp(<PetsPage />, client);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const said = await screen.findByText(/^Export failed\. Internal error\./);
    expect(said.getAttribute('role')).toBe('status');
  });
});
