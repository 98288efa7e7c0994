/** Proves the endpoint open is read from the address and written to it beside the other lists. */
import { describe, expect, it } from 'vitest';
import { openEndpointOf, withOpenEndpoint } from './webhooks-search.js';

describe('openEndpointOf', () => {
  it('reads the endpoint open', () => {
    expect(openEndpointOf('?endpoint=12')).toBe(12);
    expect(openEndpointOf('cursor=k2&endpoint=3')).toBe(3);
  });

  it('opens none for an address that names none, or nothing that can be an id', () => {
    for (const search of ['', '?endpoint=', '?endpoint=0', '?endpoint=-1', '?endpoint=1.5'])
      expect(openEndpointOf(search), search).toBeUndefined();
    expect(openEndpointOf('?endpoint=x')).toBeUndefined();
    expect(openEndpointOf('?endpoint=99999999999999999999')).toBeUndefined();
  });
});

describe('withOpenEndpoint', () => {
  it("opens an endpoint, the other lists' pages kept", () => {
    expect(withOpenEndpoint('', 4)).toBe('endpoint=4');
    expect(withOpenEndpoint('?cursor=k2&people=p3&webhooks=w1', 4)).toBe(
      'cursor=k2&people=p3&webhooks=w1&endpoint=4',
    );
  });

  it("leaves the log's page behind: it was the endpoint's that was open", () => {
    expect(withOpenEndpoint('?endpoint=1&attempts=a2', 2)).toBe('endpoint=2');
    expect(withOpenEndpoint('?cursor=k2&endpoint=1&attempts=a2', undefined)).toBe('cursor=k2');
  });
});
