/** Where you are signed in: your sessions, signing one out, signing out everywhere, paging. */
import type { Page, Session } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  createFakeClient,
  deferred,
  type FakeClient,
  personSession,
  result,
  sessionsPage,
} from '../../../testing/fake-client.js';
import { renderApp, renderWithApp } from '../../../testing/render.js';
import { dialogButton, findRow, labelledCells } from '../../../testing/queries.js';
import { SIGNED_OUT_BECAUSE } from '../utils/sentences.js';
import { SessionsSection } from './sessions-section.js';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

const THIS = personSession(1, { current: true, address: '127.0.0.1' });
const OTHER = personSession(2, {
  device: FIREFOX,
  address: '198.51.100.4',
  startedAt: '2030-01-01T07:00:00.000Z',
  lastUsedAt: '2030-01-01T08:15:00.000Z',
});

function setUp(prepare: (client: FakeClient) => void = () => undefined, url = '/admin/account') {
  const client = createFakeClient();
  client.session.listSessions.mockResolvedValue(sessionsPage([THIS, OTHER]));
  prepare(client);
  return { client, ...renderWithApp(<SessionsSection />, client, { url }) };
}

describe('where you are signed in', () => {
  it('lists each session’s device, address, sign-in and last use, marking this device', async () => {
    setUp();
    const here = await findRow(/^Chrome on Linux/);
    expect(within(here).getByRole('rowheader').textContent).toBe('Chrome on Linux This device');
    expect(labelledCells(here)[0]).toBe('Address: 127.0.0.1');
    const there = await findRow(/^Firefox on Windows/);
    expect(within(there).queryByText('This device')).toBeNull();
    expect(labelledCells(there)[0]).toBe('Address: 198.51.100.4');
    expect([...there.querySelectorAll('time')].map((time) => time.dateTime)).toEqual([
      OTHER.startedAt,
      OTHER.lastUsedAt,
    ]);
    // The whole User-Agent, for whoever wants it.
    expect(within(there).getByTitle(FIREFOX)).toBeDefined();
    expect(
      within(there).getByRole('button', { name: /^Sign out Firefox on Windows, signed in / }),
    ).toBeDefined();
    expect(within(here).getByRole('button', { name: 'Sign out this device' })).toBeDefined();
  });

  it('signs another device out, says so, and reads the list again', async () => {
    const { user, client } = setUp((fake) => {
      fake.session.endSession.mockResolvedValue(result(undefined, { status: 204 }));
    });
    const there = await findRow(/^Firefox on Windows/);
    client.session.listSessions.mockResolvedValue(sessionsPage([THIS]));
    await user.click(within(there).getByRole('button', { name: /^Sign out Firefox/ }));
    expect(client.session.endSession).toHaveBeenCalledExactlyOnceWith(2);
    const said = await screen.findByText(/^Signed out Firefox on Windows, signed in .+\.$/);
    expect(said.getAttribute('role')).toBe('status');
    await waitFor(() => {
      expect(screen.queryByRole('rowheader', { name: /^Firefox/ })).toBeNull();
    });
    expect(client.session.listSessions).toHaveBeenCalledTimes(2);
    expect(client.session.signOut).not.toHaveBeenCalled();
  });

  it('says why a device could not be signed out, and gives focus back to its button', async () => {
    const { user } = setUp((fake) => {
      fake.session.endSession.mockRejectedValue(
        apiError({ code: 'not_found', status: 404, message: 'No session of yours has this id.' }),
      );
    });
    const there = await findRow(/^Firefox on Windows/);
    const button = within(there).getByRole('button', { name: /^Sign out Firefox/ });
    await user.click(button);
    expect(await screen.findByText('No session of yours has this id.')).toBeDefined();
    expect(document.activeElement).toBe(button);
  });

  it('signs this device out to the sign-in page', async () => {
    const client = createFakeClient();
    client.session.listSessions.mockResolvedValue(sessionsPage([THIS, OTHER]));
    client.session.endSession.mockResolvedValue(result(undefined, { status: 204 }));
    const { user } = renderApp(client, { url: '/admin/account' });
    const here = await findRow(/^Chrome on Linux/);
    await user.click(within(here).getByRole('button', { name: 'Sign out this device' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(SIGNED_OUT_BECAUSE['signed-out']);
    expect(client.session.endSession).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('signs out everywhere after a dialog; Stay signed in changes nothing', async () => {
    const client = createFakeClient();
    client.session.listSessions.mockResolvedValue(sessionsPage([THIS, OTHER]));
    const ended = deferred<Awaited<ReturnType<FakeClient['session']['endAllSessions']>>>();
    client.session.endAllSessions.mockReturnValue(ended.promise);
    const { user } = renderApp(client, { url: '/admin/account' });
    await findRow(/^Chrome on Linux/);
    const everywhere = screen.getByRole('button', { name: 'Sign out everywhere' });

    await user.click(everywhere);
    const dialog = screen.getByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog.textContent).toContain('this one too');
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Stay signed in' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(everywhere);
    expect(client.session.endAllSessions).not.toHaveBeenCalled();

    await user.click(everywhere);
    await user.click(dialogButton('Sign out everywhere'));
    expect(client.session.endAllSessions).toHaveBeenCalledOnce();
    expect(
      within(screen.getByRole('dialog')).getByRole<HTMLButtonElement>('button', {
        name: 'Signing out…',
      }).disabled,
    ).toBe(true);
    ended.resolve(result(undefined, { status: 204 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(SIGNED_OUT_BECAUSE['signed-out-everywhere']);
  });

  it('stays signed in and says so when signing out everywhere fails', async () => {
    const { user } = setUp((fake) => {
      fake.session.endAllSessions.mockRejectedValue(
        apiError({ kind: 'network', status: undefined, message: 'fetch failed' }),
      );
    });
    await findRow(/^Chrome on Linux/);
    const everywhere = screen.getByRole('button', { name: 'Sign out everywhere' });
    await user.click(everywhere);
    await user.click(dialogButton('Sign out everywhere'));
    expect(
      await screen.findByText(
        'Could not sign out everywhere. Could not reach the API. Check your connection, then retry.',
      ),
    ).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(everywhere);
  });

  it('pages with Previous and Next in ?sessions=, leaving the address’s other lists alone', async () => {
    const { user, client } = setUp((fake) => {
      fake.session.listSessions.mockImplementation(({ cursor } = {}): Promise<Page<Session>> =>
        Promise.resolve(
          cursor === undefined ? sessionsPage([THIS], 'after-1') : sessionsPage([OTHER]),
        ),
      );
    }, '/admin/account?people=p2');
    await findRow(/^Chrome on Linux/);
    expect(client.session.listSessions).toHaveBeenCalledWith({ limit: 20 }, expect.anything());
    const pages = screen.getByRole('navigation', { name: 'Pages of sessions' });
    expect(
      within(pages).getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled,
    ).toBe(true);
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(window.location.search).toBe('?people=p2&sessions=after-1');
    await findRow(/^Firefox on Windows/);
    expect(client.session.listSessions).toHaveBeenLastCalledWith(
      { limit: 20, cursor: 'after-1' },
      expect.anything(),
    );
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('?people=p2');
    await findRow(/^Chrome on Linux/);
  });

  it('offers the first page when a page from the address is refused', async () => {
    const { user } = setUp((fake) => {
      fake.session.listSessions.mockImplementation(({ cursor } = {}) =>
        cursor === undefined
          ? Promise.resolve(sessionsPage([THIS]))
          : Promise.reject(
              apiError({
                code: 'invalid_query',
                status: 400,
                message: 'The query string is invalid: cursor is not a valid cursor.',
              }),
            ),
      );
    }, '/admin/account?sessions=stale');
    expect(
      await screen.findByText('The query string is invalid: cursor is not a valid cursor.'),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Back to the first page' }));
    expect(window.location.search).toBe('');
    await findRow(/^Chrome on Linux/);
  });
});
