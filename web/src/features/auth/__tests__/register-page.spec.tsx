import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '../../../test/render-with-app.js';
import { RegisterPage } from '../register-page.js';

afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const checklist = () => within(screen.getByRole('list', { name: 'Password requirements' }));

describe('RegisterPage', () => {
  it('shows the spec texts and links back to sign-in', () => {
    renderScreen(<RegisterPage />, '/register');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in here' })).toHaveAttribute('href', '/login');
  });

  it('updates the checklist live, showing "Passwords match" once the confirmation has text', () => {
    renderScreen(<RegisterPage />, '/register');
    expect(checklist().getByText('At least 6 characters long').closest('li')).toHaveTextContent('(not met)');
    expect(checklist().queryByText('Passwords match')).not.toBeInTheDocument();

    type('Password', 'secret1');
    expect(checklist().getByText('At least 6 characters long').closest('li')).toHaveTextContent('(met)');

    type('Confirm password', 'secret');
    expect(checklist().getByText('Passwords match').closest('li')).toHaveTextContent('(not met)');

    type('Confirm password', 'secret1');
    expect(checklist().getByText('Passwords match').closest('li')).toHaveTextContent('(met)');
  });

  it('fails with "Passwords do not match" and sends no request when the confirmation differs', async () => {
    const { store } = renderScreen(<RegisterPage />, '/register');
    type('Username', 'draft_king');
    type('Email address', 'king@example.com');
    type('Password', 'secret1');
    type('Confirm password', 'secret2');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(Object.keys(store.getState().api.mutations)).toHaveLength(0);
  });

  it('validates the username with the contract messages', async () => {
    renderScreen(<RegisterPage />, '/register');
    type('Username', 'no spaces!');
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('Username can only contain letters, numbers, and underscores'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
  });
});
