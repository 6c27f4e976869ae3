import clsx from 'clsx';
import { Check, X } from 'lucide-react';
import { PASSWORD_MIN } from '@auction/domain';

export interface ChecklistItem {
  label: string;
  met: boolean;
}

/**
 * docs/product.md §2.4 (Register): "At least 6 characters long", and "Passwords match" once the confirmation has
 * text.
 */
export function passwordChecklist(password: string, confirmPassword: string): ChecklistItem[] {
  const items: ChecklistItem[] = [
    { label: `At least ${PASSWORD_MIN} characters long`, met: password.length >= PASSWORD_MIN },
  ];
  if (confirmPassword.length > 0) items.push({ label: 'Passwords match', met: password === confirmPassword });
  return items;
}

export function PasswordChecklist({
  password,
  confirmPassword,
}: {
  password: string;
  confirmPassword: string;
}) {
  const items = passwordChecklist(password, confirmPassword);
  return (
    <ul aria-label="Password requirements" className="space-y-1.5 rounded-lg bg-slate-50 px-3 py-2.5 text-sm">
      {items.map(({ label, met }) => (
        <li
          key={label}
          className={clsx('flex items-center gap-2', met ? 'text-green-700' : 'text-slate-500')}
        >
          {met ? (
            <Check aria-hidden="true" className="size-4 shrink-0 text-green-600" />
          ) : (
            <X aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          )}
          <span>{label}</span>
          <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
        </li>
      ))}
    </ul>
  );
}
