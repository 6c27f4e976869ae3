import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { ChatMessage } from '@auction/contracts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { nextId } from '../../../test/fixtures.js';
import { DraftChat } from '../components/draft-chat.js';
import { useChatToggle } from '../use-chat-toggle.js';
import { chatTextProblem, typingText } from '../use-draft-chat.js';

const draftId = nextId();
const message = (text: string, username = 'bob', role = 'user'): ChatMessage => ({
  _id: nextId(),
  draftId,
  user: { _id: nextId(), username, role },
  message: text,
  timestamp: '2026-11-22T18:30:00.000Z',
});

let addMessage: (message: ChatMessage) => void = () => undefined;

function Harness({
  onSend,
  onTyping,
  typingUsers = [],
  initial = [],
}: {
  onSend: (text: string) => boolean;
  onTyping: (isTyping: boolean) => void;
  typingUsers?: string[];
  initial?: ChatMessage[];
}) {
  const [messages, setMessages] = useState(initial);
  useEffect(() => {
    addMessage = (next) => setMessages((list) => [...list, next]);
  }, []);
  const toggle = useChatToggle(messages.at(-1)?._id);
  return (
    <DraftChat
      messages={messages}
      typingUsers={typingUsers}
      collapsed={toggle.collapsed}
      hasNew={toggle.hasNew}
      onToggle={toggle.toggle}
      onSend={onSend}
      onTyping={onTyping}
      connected
    />
  );
}

function setup(props: Partial<Parameters<typeof Harness>[0]> = {}) {
  const sent: string[] = [];
  const typing: boolean[] = [];
  render(
    <Harness
      onSend={(text) => {
        sent.push(text);
        return true;
      }}
      onTyping={(isTyping) => typing.push(isTyping)}
      {...props}
    />,
  );
  return { sent, typing };
}

const input = () => screen.getByLabelText('Chat message');
const toggleButton = () => screen.getByRole('button', { name: /Draft Chat/ });
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('Draft Chat', () => {
  it('shows username, role (admin in red), text and time', () => {
    setup({ initial: [message('gl all', 'carol', 'admin'), message('thanks', 'bob')] });
    const log = screen.getByRole('log', { name: 'Chat messages' });
    expect(log).toHaveTextContent('carol');
    expect(screen.getByText('admin')).toHaveClass('text-red-600');
    expect(screen.getByText('user')).not.toHaveClass('text-red-600');
    expect(screen.getByText('gl all')).toBeInTheDocument();
    expect(log.querySelectorAll('time')[0]).toHaveAttribute('datetime', '2026-11-22T18:30:00.000Z');
  });

  it('sends on Enter; Shift+Enter does not send', () => {
    const { sent } = setup();
    type('  hello  ');
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(sent).toEqual([]);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(sent).toEqual(['  hello  ']);
    expect(input()).toHaveValue('');
  });

  it('does not send blank messages and limits messages to 500 characters', () => {
    const { sent } = setup();
    type('   ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sent).toEqual([]);
    expect(input()).toHaveAttribute('maxlength', '500');
    type('x'.repeat(500));
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(chatTextProblem('x'.repeat(501))).toBe('Message must not exceed 500 characters');
    expect(chatTextProblem(`  ${'x'.repeat(500)}  `)).toBeNull();
  });

  it('refuses what the server refuses: invisible characters only, NUL, a lone surrogate', () => {
    const { sent } = setup();
    type('\u200b\u2060 \u200b');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sent).toEqual([]);
    expect(chatTextProblem('\u200b')).toBe('Message cannot be empty');
    expect(chatTextProblem('hi\u0000')).toBe(
      'Message contains a character that is not allowed (NUL or an unpaired surrogate)',
    );
    expect(chatTextProblem('\ud800')).not.toBeNull();
    expect(chatTextProblem('\u200bhi')).toBeNull();
  });

  it('collapses by click or Ctrl/Cmd+M and marks messages that arrive while collapsed as NEW', () => {
    setup({ initial: [message('first')] });
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(document, { key: 'm', ctrlKey: true });
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Chat message')).not.toBeInTheDocument();
    expect(screen.queryByText('NEW')).not.toBeInTheDocument();

    act(() => addMessage(message('while you were away')));
    expect(screen.getByText('NEW')).toBeInTheDocument();

    fireEvent.keyDown(document, { key: 'M', metaKey: true });
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('NEW')).not.toBeInTheDocument();
    expect(screen.getByText('while you were away')).toBeInTheDocument();

    fireEvent.click(toggleButton());
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('NEW')).not.toBeInTheDocument();
    // A plain M types an M: no toggle.
    fireEvent.keyDown(document, { key: 'm' });
    expect(toggleButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('signals typing once on input and its end after 2 s idle, on send, or when emptied', () => {
    jest.useFakeTimers();
    const { typing } = setup();
    type('h');
    type('he');
    expect(typing).toEqual([true]);
    act(() => jest.advanceTimersByTime(1_999));
    expect(typing).toEqual([true]);
    type('hey');
    act(() => jest.advanceTimersByTime(1_999));
    expect(typing).toEqual([true]);
    act(() => jest.advanceTimersByTime(1));
    expect(typing).toEqual([true, false]);

    type('again');
    type('');
    expect(typing).toEqual([true, false, true, false]);

    type('send me');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(typing).toEqual([true, false, true, false, true, false]);
    act(() => jest.advanceTimersByTime(5_000));
    expect(typing).toHaveLength(6);
  });

  it('shows who else is typing', () => {
    setup({ typingUsers: ['bob'] });
    expect(screen.getByRole('status')).toHaveTextContent('bob is typing...');
    expect(typingText(['bob', 'carol'])).toBe('bob and carol are typing...');
    expect(typingText(['a', 'b', 'c'])).toBe('3 people are typing...');
    expect(typingText([])).toBeNull();
  });
});
