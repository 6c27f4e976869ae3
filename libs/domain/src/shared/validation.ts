import { ValidationError } from './errors.js';

/** Trims `value` and checks its length; commands arrive from outside, so the type is checked at run time too. */
export function requireTrimmedText(value: unknown, label: string, maxLength: number): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length === 0) throw new ValidationError(`${label} is required`);
  if (text.length > maxLength) {
    throw new ValidationError(`${label} must not exceed ${maxLength} characters`);
  }
  return text;
}

export function requireId(value: unknown, message: string): string {
  if (typeof value !== 'string' || value.trim().length === 0) throw new ValidationError(message);
  return value;
}

export function isWholeNumberBetween(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** "1 team", "3 teams". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
