import { afterEach, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderScreen } from '../../../test/render-with-app.js';
import { LoginPage } from '../login-page.js';

afterEach(cleanup);

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

describe('LoginPage', () => {
  it('shows the spec texts and links', () => {
    renderScreen(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Create one now' })).toHaveAttribute('href', '/register');
  });

  it('shows the required-field messages and sends nothing', async () => {
    const { store } = renderScreen(<LoginPage />, '/login');
    submit();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(Object.keys(store.getState().api.mutations)).toHaveLength(0);
  });

  it('rejects a malformed email and a short password', async () => {
    renderScreen(<LoginPage />, '/login');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'not-an-email' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: '12345' } });
    submit();
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows and hides the password', () => {
    renderScreen(<LoginPage />, '/login');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
