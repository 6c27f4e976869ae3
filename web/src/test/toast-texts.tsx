import { screen, within } from '@testing-library/react';
import { useToasterStore } from 'react-hot-toast';

/** Lists the texts of the live toasts, as the Toaster would show them. */
export function ToastTexts() {
  const { toasts } = useToasterStore();
  return (
    <ul aria-label="Notifications">
      {toasts
        .filter((item) => item.visible)
        .map((item) => (
          <li key={item.id}>{typeof item.message === 'string' ? item.message : ''}</li>
        ))}
    </ul>
  );
}

/** The texts of the toasts on screen (render `<ToastTexts />` first). */
export const toastTexts = () =>
  within(screen.getByRole('list', { name: 'Notifications' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
