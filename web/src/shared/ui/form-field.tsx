import clsx from 'clsx';
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

interface FieldChrome {
  label: string;
  /** Validation message (e.g. `errors.email?.message`); shown under the input and announced. */
  error?: string;
  /** Help text under the input when there is no error. */
  hint?: ReactNode;
  /** Content inside the input at its right edge, e.g. a show/hide password button. */
  trailing?: ReactNode;
  /** Icon inside the input at its left edge. */
  leading?: ReactNode;
  /** Hides the label visually (it stays the input's accessible name). */
  hideLabel?: boolean;
  containerClassName?: string;
}

export type TextFieldProps = FieldChrome &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & { ref?: Ref<HTMLInputElement> };

const inputClasses = (hasError: boolean, leading: boolean, trailing: boolean) =>
  clsx(
    'block w-full rounded-lg border-0 bg-white py-2 text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400',
    'focus:ring-2 focus:ring-inset focus:outline-none sm:text-sm sm:leading-6',
    'disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500',
    hasError ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-indigo-600',
    leading ? 'pl-10' : 'pl-3',
    trailing ? 'pr-11' : 'pr-3',
  );

function FieldFrame({
  id,
  label,
  hideLabel,
  error,
  hint,
  leading,
  trailing,
  containerClassName,
  children,
}: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div className={containerClassName}>
      <label
        htmlFor={id}
        className={clsx(hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-slate-700')}
      >
        {label}
      </label>
      <div className="relative">
        {leading && (
          <span className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3 text-slate-400">
            {leading}
          </span>
        )}
        {children}
        {trailing && <span className="absolute inset-y-0 right-0 flex items-center pr-1.5">{trailing}</span>}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

/**
 * A labelled input with an error line. Spread react-hook-form's registration into it:
 * `<TextField label="Email" {...register('email')} error={errors.email?.message} />`.
 */
export function TextField({
  label,
  error,
  hint,
  trailing,
  leading,
  hideLabel,
  containerClassName,
  id,
  className,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FieldFrame {...{ id: inputId, label, hideLabel, error, hint, leading, trailing, containerClassName }}>
      <input
        id={inputId}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(inputId, error, hint)}
        className={clsx(inputClasses(Boolean(error), Boolean(leading), Boolean(trailing)), className)}
        {...inputProps}
      />
    </FieldFrame>
  );
}

/**
 * A number input; register it with `valueAsNumber` so the form holds a number:
 * `<NumberField label="Team Number" min={1} max={12} {...register('teamNumber', { valueAsNumber: true })} />`.
 */
export function NumberField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="number" inputMode="numeric" {...props} />;
}

export type SelectFieldProps = FieldChrome &
  SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

/** A labelled native select with an error line, registered like TextField. */
export function SelectField({
  label,
  error,
  hint,
  hideLabel,
  containerClassName,
  id,
  className,
  children,
  leading: _leading,
  trailing: _trailing,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <FieldFrame {...{ id: selectId, label, hideLabel, error, hint, containerClassName }}>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(selectId, error, hint)}
        className={clsx(inputClasses(Boolean(error), false, false), 'pr-8', className)}
        {...selectProps}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
