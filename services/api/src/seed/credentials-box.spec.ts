import { describe, expect, it } from '@jest/globals';
import { credentialsBox } from './credentials-box.js';

describe('credentialsBox', () => {
  it('frames a title and lines at the widest width', () => {
    expect(credentialsBox('Title', ['a', 'longer line'])).toBe(
      [
        '┌─────────────┐',
        '│ Title       │',
        '├─────────────┤',
        '│ a           │',
        '│ longer line │',
        '└─────────────┘',
      ].join('\n'),
    );
  });
});
