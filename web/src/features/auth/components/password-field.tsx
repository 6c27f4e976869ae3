import { Eye, EyeOff, Lock } from 'lucide-react';
import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../../shared/ui/form-field.js';

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      leading={<Lock aria-hidden="true" className="size-4" />}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`}
          aria-pressed={visible}
          className="rounded-md p-1.5 text-slate-400 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Icon aria-hidden="true" className="size-4" />
        </button>
      }
    />
  );
}
