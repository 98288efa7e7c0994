/**
 * Proves the webhooks section: endpoints listed with their events and status, a new endpoint's
 * secret shown once, its URL and events checked before sending and the API's refusal said on the
 * URL, and one endpoint managed: events, Disable and Enable, Roll secret, Delete, a test event that
 * shows in the log, the log paged with Older and Newer, and Send again (a disabled endpoint's
 * refusal said as this page would have it done). The endpoint open and the log's page are kept in
 * the address.
 */
import type { CreatedWebhookEndpoint, WebhookEndpoint } from '@pets/client';
import { notPublicIssue, PROBLEMS, SUBSCRIBABLE_EVENT_TYPES } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  attemptsPage,
  createFakeClient,
  type FakeClient,
  invalidBody,
  result,
  webhookAttempt,
  webhookDelivery,
  webhookEndpoint,
  webhooksPage,
} from '../../../testing/fake-client.js';
import { dialogButton, findRow } from '../../../testing/queries.js';
import { renderWithApp } from '../../../testing/render.js';
import type { WebhooksOf } from '../api/list-webhooks.js';
import { WebhooksSection } from './webhooks-section.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3X9UZqJ2F1w=';
const SHOP = 'https://shop.example.com/hooks';
const CRM = 'https://crm.example.com/in';

const DISABLED_SENTENCE =
  'The endpoint is disabled: nothing is sent to it. Enable the endpoint first, then send it again.';

/** The API's 409 for a send to a disabled endpoint, in its words for API callers. */
const endpointDisabled = () => apiError({ ...PROBLEMS.webhookEndpointDisabled, status: 409 });

function setUp(
  prepare: (client: FakeClient) => void = () => undefined,
  of: WebhooksOf = 'own',
  url = '/admin/webhooks',
) {
  const client = createFakeClient();
  client.listWebhookEndpoints.mockResolvedValue(
    webhooksPage([
      webhookEndpoint(1, { url: SHOP }),
      webhookEndpoint(2, {
        url: CRM,
        events: [...SUBSCRIBABLE_EVENT_TYPES],
        status: 'disabled',
        disabledReason: 'gone',
      }),
    ]),
  );
  client.listWebhookAttempts.mockResolvedValue(attemptsPage([]));
  prepare(client);
  const view = renderWithApp(<WebhooksSection of={of} />, client, { url });
  return { client, ...view };
}

const rowOf = (url: string) => findRow(url);

/** Opens an endpoint with its Manage button; answers its panel. */
async function manage(user: ReturnType<typeof setUp>['user'], url: string) {
  const row = await rowOf(url);
  await user.click(within(row).getByRole('button', { name: `Manage ${url}` }));
  return screen.getByRole('region', { name: `Endpoint ${url}` });
}

describe('the webhook endpoints of the account', () => {
  it('lists URL, events, status with why it is disabled, and when each was made', async () => {
    setUp();
    const shop = await rowOf(SHOP);
    expect(shop.textContent).toContain(
      'order.placed, order.approved, order.delivered, order.cancelled',
    );
    expect(shop.textContent).toContain('Enabled');
    expect(shop.querySelector('time')?.getAttribute('dateTime')).toBe('2030-01-01T00:00:00.000Z');
    const crm = await rowOf(CRM);
    expect(crm.textContent).toContain('Every event');
    expect(crm.textContent).toContain('Disabled: it answered 410 Gone');
  });

  it('adds an endpoint and shows its secret once, with Copy and a warning', async () => {
    const { user, client } = setUp((fake) => {
      fake.createWebhookEndpoint.mockImplementation((endpoint) =>
        Promise.resolve({
          ...result<CreatedWebhookEndpoint>({
            ...webhookEndpoint(9, { url: endpoint.url, events: [...endpoint.events] }),
            secret: SECRET,
          }),
          idempotencyKey: 'k'.repeat(32),
        }),
      );
    });
    await rowOf(SHOP);
    await user.type(screen.getByLabelText('URL'), 'https://new.example.com/hooks');
    await user.click(screen.getByRole('checkbox', { name: 'Every photo event' }));
    await user.click(screen.getByRole('checkbox', { name: 'order.placed' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));

    expect(client.createWebhookEndpoint).toHaveBeenCalledWith({
      url: 'https://new.example.com/hooks',
      events: ['photo.added', 'photo.moved', 'photo.removed', 'order.placed'],
    });
    const shown = await screen.findByLabelText<HTMLInputElement>(
      'Signing secret of https://new.example.com/hooks',
    );
    expect(shown.value).toBe(SECRET);
    expect(screen.getByText('Copy this secret now: you will not see it again.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    await user.click(screen.getByRole('button', { name: 'Done, I have stored it' }));
    expect(document.body.textContent).not.toContain(SECRET);
    expect(document.activeElement).toBe(screen.getByLabelText('URL'));
  });

  it('checks URL and events with the contract before sending', async () => {
    const { user, client } = setUp();
    await rowOf(SHOP);
    await user.type(screen.getByLabelText('URL'), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText('URL must be an https URL.')).toBeDefined();
    expect(screen.getByText('Events must name at least one event type.')).toBeDefined();
    expect(client.createWebhookEndpoint).not.toHaveBeenCalled();
  });

  it("says the API's refusal of a private address on the URL", async () => {
    const { user } = setUp((fake) => {
      fake.createWebhookEndpoint.mockRejectedValue(
        invalidBody('url', notPublicIssue('10.1.2.3', 'a private')),
      );
    });
    await rowOf(SHOP);
    const url = screen.getByLabelText('URL');
    await user.type(url, 'https://intranet.example.com/');
    await user.click(screen.getByRole('checkbox', { name: 'pet.created' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(
      await screen.findByText(
        'URL names 10.1.2.3, a private address: webhooks are sent only to public internet addresses.',
      ),
    ).toBeDefined();
    expect(url.getAttribute('aria-invalid')).toBe('true');
  });

  it('manages any account’s endpoints through the staff operations', async () => {
    const client = createFakeClient();
    client.admin.listWebhookEndpointsOfAccount.mockResolvedValue(
      webhooksPage([webhookEndpoint(4, { accountId: 7, url: SHOP })]),
    );
    client.admin.listWebhookAttemptsOfAccount.mockResolvedValue(attemptsPage([webhookAttempt(1)]));
    client.admin.sendWebhookTestEventOfAccount.mockResolvedValue(result(webhookDelivery(40)));
    const { user } = renderWithApp(
      <WebhooksSection of={{ accountId: 7 }} owner="Pet Palace" />,
      client,
      { url: '/admin/accounts/7' },
    );
    expect(screen.getByRole('heading', { name: 'Webhook endpoints of Pet Palace' })).toBeDefined();
    const panel = await manage(user, SHOP);
    await user.click(within(panel).getByRole('button', { name: 'Send test event' }));
    expect(client.admin.sendWebhookTestEventOfAccount).toHaveBeenCalledWith(7, 4);
    expect(client.admin.listWebhookAttemptsOfAccount).toHaveBeenCalledWith(
      7,
      4,
      { limit: 20 },
      expect.anything(),
    );
    expect(client.listWebhookEndpoints).not.toHaveBeenCalled();
  });
});

describe('one endpoint, managed', () => {
  it('changes its events, and says so once the list is read again', async () => {
    const { user, client } = setUp((fake) => {
      fake.updateWebhookEndpoint.mockImplementation((id, patch) => {
        fake.listWebhookEndpoints.mockResolvedValue(
          webhooksPage([webhookEndpoint(1, { url: SHOP, events: patch.events ?? [] })]),
        );
        return Promise.resolve(
          result<WebhookEndpoint>(webhookEndpoint(id, { events: patch.events ?? [] })),
        );
      });
    });
    const panel = await manage(user, SHOP);
    expect(
      within(panel).getByRole<HTMLInputElement>('checkbox', { name: 'order.placed' }).checked,
    ).toBe(true);
    await user.click(within(panel).getByRole('checkbox', { name: 'order.approved' }));
    await user.click(within(panel).getByRole('checkbox', { name: 'pet.deleted' }));
    await user.click(within(panel).getByRole('button', { name: 'Save events' }));
    expect(client.updateWebhookEndpoint).toHaveBeenCalledWith(1, {
      events: ['pet.deleted', 'order.placed', 'order.delivered', 'order.cancelled'],
    });
    expect(await within(panel).findByText('Saved the events.')).toBeDefined();
    await waitFor(async () => {
      expect((await findRow(SHOP)).textContent).toContain('pet.deleted, order.placed');
    });
    expect(within(panel).getByText('Saved the events.')).toBeDefined();
  });

  it('disables an endpoint, and enables one', async () => {
    const { user, client } = setUp((fake) => {
      fake.updateWebhookEndpoint.mockImplementation((id) =>
        Promise.resolve(result<WebhookEndpoint>(webhookEndpoint(id))),
      );
    });
    let panel = await manage(user, SHOP);
    await user.click(within(panel).getByRole('button', { name: 'Disable' }));
    expect(client.updateWebhookEndpoint).toHaveBeenLastCalledWith(1, { status: 'disabled' });
    expect(await within(panel).findByText(/^Disabled the endpoint/)).toBeDefined();
    panel = await manage(user, CRM);
    await user.click(within(panel).getByRole('button', { name: 'Enable' }));
    expect(client.updateWebhookEndpoint).toHaveBeenLastCalledWith(2, { status: 'enabled' });
  });

  it('rolls the secret after a confirmation, shows the new one once, and the old one’s 24 hours', async () => {
    const { user, client } = setUp((fake) => {
      fake.rollWebhookSecret.mockResolvedValue(
        result({ secret: SECRET, previousSecretExpiresAt: '2030-01-03T10:00:00.000Z' }),
      );
    });
    const panel = await manage(user, SHOP);
    await user.click(within(panel).getByRole('button', { name: 'Roll secret' }));
    const dialog = screen.getByRole('dialog', { name: `Roll the secret of ${SHOP}?` });
    expect(dialog.textContent).toContain('for 24 hours');
    await user.click(within(dialog).getByRole('button', { name: 'Keep secret' }));
    expect(client.rollWebhookSecret).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Roll secret' }));

    await user.click(within(panel).getByRole('button', { name: 'Roll secret' }));
    await user.click(dialogButton('Roll secret'));
    expect(client.rollWebhookSecret).toHaveBeenCalledWith(1);
    const shown = await screen.findByLabelText<HTMLInputElement>(`New signing secret of ${SHOP}`);
    expect(shown.value).toBe(SECRET);
    expect(panel.textContent).toContain('The old secret keeps signing until');
    expect(panel.querySelector('time[datetime="2030-01-03T10:00:00.000Z"]')).not.toBeNull();
  });

  it('deletes an endpoint after a confirmation', async () => {
    const { user, client } = setUp((fake) => {
      fake.deleteWebhookEndpoint.mockResolvedValue(result(undefined));
    });
    const panel = await manage(user, SHOP);
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    client.listWebhookEndpoints.mockResolvedValue(webhooksPage([webhookEndpoint(2, { url: CRM })]));
    await user.click(dialogButton('Delete endpoint'));
    expect(client.deleteWebhookEndpoint).toHaveBeenCalledWith(1);
    expect(await screen.findByText(`Deleted the endpoint ${SHOP}.`)).toBeDefined();
    expect(screen.queryByRole('region', { name: `Endpoint ${SHOP}` })).toBeNull();
  });

  it('says why a deletion failed, and gives focus back to Delete', async () => {
    const { user } = setUp((fake) => {
      fake.deleteWebhookEndpoint.mockRejectedValue(
        apiError({ code: 'not_found', status: 404, message: 'No such webhook endpoint.' }),
      );
    });
    const panel = await manage(user, SHOP);
    const remove = within(panel).getByRole('button', { name: 'Delete' });
    await user.click(remove);
    await user.click(dialogButton('Delete endpoint'));
    expect(await within(panel).findByText('No such webhook endpoint.')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
  });

  it('sends a test event, and reads the log until its attempt shows', async () => {
    const { user, client } = setUp((fake) => {
      fake.sendWebhookTestEvent.mockResolvedValue(result(webhookDelivery(40)));
    });
    const panel = await manage(user, SHOP);
    expect(
      await within(panel).findByText('No attempts yet: send a test event to make one.'),
    ).toBeDefined();
    let calls = 0;
    client.listWebhookAttempts.mockImplementation(() => {
      calls += 1;
      return Promise.resolve(
        attemptsPage(
          calls < 3
            ? []
            : [
                webhookAttempt(7, {
                  deliveryId: 40,
                  eventId: 205,
                  eventType: 'webhook.test',
                  responseStatus: 204,
                  responseExcerpt: null,
                }),
              ],
        ),
      );
    });
    await user.click(within(panel).getByRole('button', { name: 'Send test event' }));
    expect(client.sendWebhookTestEvent).toHaveBeenCalledWith(1);
    expect(
      await within(panel).findByText(
        'Sent a test event (id 205): its attempt shows in the log below.',
      ),
    ).toBeDefined();
    const row = await within(panel).findByRole(
      'row',
      { name: /webhook\.test/ },
      { timeout: 5_000 },
    );
    expect(row.textContent).toContain('204');
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const settled = calls;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(calls).toBe(settled);
  }, 10_000);

  it('logs each attempt: time, event, attempt, status or failure, duration, answer; Older and Newer page it', async () => {
    const { user, client } = setUp((fake) => {
      fake.listWebhookAttempts.mockImplementation((_, query = {}) =>
        Promise.resolve(
          query.cursor === undefined
            ? attemptsPage(
                [
                  webhookAttempt(3, {
                    attempt: 2,
                    succeeded: false,
                    responseStatus: 503,
                    responseExcerpt: 'upstream\nunavailable',
                  }),
                  webhookAttempt(2, {
                    succeeded: false,
                    responseStatus: null,
                    error: 'No answer within 10 s.',
                    responseExcerpt: null,
                    durationMs: 10000,
                  }),
                ],
                'older-2',
              )
            : attemptsPage([webhookAttempt(1)]),
        ),
      );
    });
    const panel = await manage(user, SHOP);
    const log = within(panel).getByRole('region', { name: 'Attempts, newest first' });
    const rows = await within(log).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('order.placed (id 203)');
    expect(rows[1]?.querySelector('td[data-label="Attempt"]')?.textContent).toBe('2');
    expect(rows[1]?.textContent).toContain('503 (failed)');
    expect(rows[1]?.querySelector('pre.excerpt')?.textContent).toBe('upstream\nunavailable');
    expect(rows[2]?.textContent).toContain('No answer within 10 s.');
    expect(rows[2]?.textContent).toContain('10000 ms');

    const pages = within(log).getByRole('navigation', { name: 'Pages of attempts' });
    await user.click(within(pages).getByRole('button', { name: 'Older' }));
    expect(new URLSearchParams(window.location.search).get('attempts')).toBe('older-2');
    expect(new URLSearchParams(window.location.search).get('endpoint')).toBe('1');
    await waitFor(() => {
      expect(within(log).getAllByRole('row')).toHaveLength(2);
    });
    expect(within(log).getByRole('row', { name: /order\.placed \(id 201\)/ })).toBeDefined();
    expect(client.listWebhookAttempts).toHaveBeenLastCalledWith(
      1,
      { limit: 20, cursor: 'older-2' },
      expect.anything(),
    );
    await waitFor(() => {
      expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Older' }).disabled).toBe(
        true,
      );
    });

    await user.click(within(pages).getByRole('button', { name: 'Newer' }));
    expect(new URLSearchParams(window.location.search).get('attempts')).toBeNull();
    await waitFor(() => {
      expect(within(log).getAllByRole('row')).toHaveLength(3);
    });
  });

  it('reads the log from the first page when a test event is sent from an older one', async () => {
    const { user, client } = setUp(
      (fake) => {
        fake.listWebhookAttempts.mockImplementation((_, query = {}) =>
          Promise.resolve(
            query.cursor === undefined
              ? attemptsPage([webhookAttempt(7, { deliveryId: 40, eventType: 'webhook.test' })])
              : attemptsPage([webhookAttempt(1)]),
          ),
        );
        fake.sendWebhookTestEvent.mockResolvedValue(result(webhookDelivery(40)));
      },
      'own',
      '/admin/webhooks?endpoint=1&attempts=older-2',
    );
    const panel = await screen.findByRole('region', { name: `Endpoint ${SHOP}` });
    await within(panel).findByRole('row', { name: /order\.placed \(id 201\)/ });
    await user.click(within(panel).getByRole('button', { name: 'Send test event' }));
    expect(client.sendWebhookTestEvent).toHaveBeenCalledWith(1);
    expect(window.location.search).toBe('?endpoint=1');
    expect(
      await within(panel).findByRole('row', { name: /webhook\.test/ }, { timeout: 5_000 }),
    ).toBeDefined();
  });

  it(
    'waits for the attempt the resend makes, not a retry made since the log was read',
    {
      timeout: 15_000,
    },
    async () => {
      // Delivery 33's attempt 3 is on the older page; its retry, attempt 9, came after the page was
      // read, and the resend's own attempt, 10, comes a poll after the resend.
      let polls = 0;
      const { user, client } = setUp(
        (fake) => {
          fake.listWebhookAttempts.mockImplementation((_, query = {}) => {
            if (query.cursor !== undefined)
              return Promise.resolve(attemptsPage([webhookAttempt(3)]));
            const resent = fake.resendWebhookDelivery.mock.calls.length > 0;
            if (resent) polls += 1;
            const retry = webhookAttempt(9, { deliveryId: 33, eventId: 203, attempt: 2 });
            const own = webhookAttempt(10, { deliveryId: 33, eventId: 203, attempt: 3 });
            return Promise.resolve(attemptsPage(resent && polls > 1 ? [own, retry] : [retry]));
          });
          fake.resendWebhookDelivery.mockResolvedValue(result(webhookDelivery(33)));
        },
        'own',
        '/admin/webhooks?endpoint=1&attempts=older-2',
      );
      const panel = await screen.findByRole('region', { name: `Endpoint ${SHOP}` });
      await user.click(
        await within(panel).findByRole('button', { name: 'Send again order.placed (event 203)' }),
      );
      expect(client.resendWebhookDelivery).toHaveBeenCalledWith(1, 33);
      expect(window.location.search).toBe('?endpoint=1');
      // The log goes on reading until the resend's own attempt shows above the retry.
      await waitFor(
        () => {
          expect(
            within(panel).getAllByRole('row', { name: /order\.placed \(id 203\)/ }),
          ).toHaveLength(2);
        },
        { timeout: 8_000 },
      );
    },
  );

  it('sends a delivery again, and says to enable a disabled endpoint here, not in the API', async () => {
    const { user, client } = setUp((fake) => {
      fake.listWebhookAttempts.mockResolvedValue(attemptsPage([webhookAttempt(3)]));
      fake.resendWebhookDelivery.mockResolvedValueOnce(result(webhookDelivery(33)));
      fake.resendWebhookDelivery.mockRejectedValueOnce(endpointDisabled());
    });
    const panel = await manage(user, SHOP);
    const again = await within(panel).findByRole('button', {
      name: 'Send again order.placed (event 203)',
    });
    await user.click(again);
    expect(client.resendWebhookDelivery).toHaveBeenCalledWith(1, 33);
    expect(
      await within(panel).findByText(/^Sending order\.placed \(event 203\) again/),
    ).toBeDefined();
    await user.click(again);
    expect(await within(panel).findByText(DISABLED_SENTENCE)).toBeDefined();
    expect(panel.textContent).not.toContain('PATCH');
  });

  it('says to enable a disabled endpoint when its test event is refused', async () => {
    const { user } = setUp((fake) => {
      fake.sendWebhookTestEvent.mockRejectedValue(endpointDisabled());
    });
    const panel = await manage(user, CRM);
    await user.click(within(panel).getByRole('button', { name: 'Send test event' }));
    expect(await within(panel).findByText(DISABLED_SENTENCE)).toBeDefined();
    expect(panel.textContent).not.toContain('PATCH');
  });

  it('pages the endpoints, the page kept in the address', async () => {
    const { user, client } = setUp((fake) => {
      fake.listWebhookEndpoints.mockImplementation(({ cursor } = {}) =>
        Promise.resolve(
          cursor === undefined
            ? webhooksPage([webhookEndpoint(1, { url: SHOP })], 'after-1')
            : webhooksPage([webhookEndpoint(2, { url: CRM })]),
        ),
      );
    });
    await rowOf(SHOP);
    const pages = screen.getByRole('navigation', { name: 'Pages of webhook endpoints' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(window.location.search).toBe('?webhooks=after-1');
    await rowOf(CRM);
    expect(client.listWebhookEndpoints).toHaveBeenLastCalledWith(
      { limit: 20, cursor: 'after-1' },
      expect.anything(),
    );
  });
});

describe('the endpoint open, kept in the address', () => {
  it('opens with Manage as a step of the history: the address names it, Back closes it', async () => {
    const { user } = setUp();
    await manage(user, SHOP);
    expect(window.location.search).toBe('?endpoint=1');
    const manageShop = within(await rowOf(SHOP)).getByRole('button', { name: `Manage ${SHOP}` });
    expect(manageShop.getAttribute('aria-pressed')).toBe('true');

    window.history.back();
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: `Endpoint ${SHOP}` })).toBeNull();
    });
    expect(window.location.search).toBe('');
    expect(manageShop.getAttribute('aria-pressed')).toBe('false');
  });

  it('opens the endpoint an address names, as after a reload or from a shared link', async () => {
    setUp(() => undefined, 'own', '/admin/webhooks?endpoint=2');
    const panel = await screen.findByRole('region', { name: `Endpoint ${CRM}` });
    expect(within(panel).getByText('Disabled: it answered 410 Gone')).toBeDefined();
    expect(screen.queryByRole('region', { name: `Endpoint ${SHOP}` })).toBeNull();
  });

  it("keeps the other lists' pages, and leaves the log's page behind for another endpoint", async () => {
    const { user } = setUp(
      () => undefined,
      'own',
      '/admin/webhooks?cursor=k2&endpoint=1&attempts=a2',
    );
    await screen.findByRole('region', { name: `Endpoint ${SHOP}` });
    await manage(user, CRM);
    expect(window.location.search).toBe('?cursor=k2&endpoint=2');
  });

  it('says so when the address names an endpoint the list does not have', async () => {
    const { user } = setUp(() => undefined, 'own', '/admin/webhooks?endpoint=99');
    await rowOf(SHOP);
    expect(screen.queryByRole('region', { name: /^Endpoint / })).toBeNull();
    // Above the table, where the page opens, and said as the list's state changes.
    const said = await screen.findByText(
      'This account has no endpoint 99: it may have been deleted. Pick one from the list.',
    );
    expect(said.className).toBe('error');
    expect(said.closest('[aria-live="polite"]')).not.toBeNull();
    expect(
      said.compareDocumentPosition(screen.getByRole('table')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await manage(user, SHOP);
    expect(screen.queryByText(/has no endpoint 99/)).toBeNull();
  });

  it('leaves the address of a deleted endpoint in place, so Back does not return to it', async () => {
    const { user } = setUp((fake) => {
      fake.deleteWebhookEndpoint.mockResolvedValue(result(undefined));
    });
    const panel = await manage(user, SHOP);
    const length = window.history.length;
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    await user.click(dialogButton('Delete endpoint'));
    expect(await screen.findByText(`Deleted the endpoint ${SHOP}.`)).toBeDefined();
    expect(window.location.search).toBe('');
    expect(window.history.length).toBe(length);
  });
});
