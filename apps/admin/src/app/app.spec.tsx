import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './app.js';

describe('App', () => {
  it('renders its heading and the statuses from the contract', () => {
    render(<App />);
    expect(screen.getByRole('heading', { level: 1, name: 'Pet store admin' })).toBeDefined();
    expect(screen.getByText('Pets can be available, pending, sold.')).toBeDefined();
  });
});
