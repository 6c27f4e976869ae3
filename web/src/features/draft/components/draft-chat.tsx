import type { ChatMessage } from '@auction/contracts';
import { CHAT_MESSAGE_MAX } from '@auction/domain';
import clsx from 'clsx';
import { ChevronDown, MessagesSquare, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../shared/ui/button.js';
import { chatTextProblem, typingText } from '../use-draft-chat.js';
import { useTypingSignal } from '../use-typing-signal.js';

export interface DraftChatProps {
  messages: readonly ChatMessage[];
  typingUsers: readonly string[];
  collapsed: boolean;
  /** Messages arrived while the panel was collapsed. */
  hasNew: boolean;
  onToggle: () => void;
  /** Sends a message; false when it could not be sent (not connected). */
  onSend: (text: string) => boolean;
  onTyping: (isTyping: boolean) => void;
  connected: boolean;
}

function timeText(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** The collapsible Draft Chat (toggle by its header or Ctrl/Cmd+M, which the room handles). */
export function DraftChat(props: DraftChatProps) {
  const { collapsed, hasNew, onToggle } = props;
  const bodyId = useId();
  return (
    <section
      aria-label="Draft Chat"
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <h2>
        <button
          type="button"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-keyshortcuts="Control+M Meta+M"
          title="Toggle chat (Ctrl/Cmd+M)"
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50"
        >
          <span className="flex items-center gap-2">
            <MessagesSquare aria-hidden="true" className="size-5 text-slate-400" />
            Draft Chat
            {hasNew && (
              <span className="rounded-full bg-red-600 px-1.5 py-0.5 text-[10px] leading-none font-bold text-white">
                NEW
              </span>
            )}
          </span>
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-5 text-slate-400 transition-transform', !collapsed && 'rotate-180')}
          />
        </button>
      </h2>
      <div id={bodyId} hidden={collapsed} className="border-t border-slate-100">
        {!collapsed && <ChatBody {...props} />}
      </div>
    </section>
  );
}

function ChatBody({ messages, typingUsers, onSend, onTyping, connected }: DraftChatProps) {
  const logRef = useRef<HTMLOListElement>(null);
  const inputId = useId();
  const [text, setText] = useState('');
  const typing = useTypingSignal(onTyping);
  const problem = chatTextProblem(text);
  const typingLine = typingText(typingUsers);

  // Keep the newest message in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  const send = () => {
    if (problem || !connected) return;
    if (!onSend(text)) return;
    typing.stop();
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter that confirms an IME composition is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  return (
    <div>
      <ol
        ref={logRef}
        role="log"
        aria-label="Chat messages"
        className="max-h-72 space-y-3 overflow-y-auto px-5 py-3"
      >
        {messages.length === 0 && <li className="text-sm text-slate-500">No messages yet. Say hello!</li>}
        {messages.map((message) => (
          <li key={message._id} className="text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              <span className="min-w-0 font-semibold wrap-anywhere text-slate-900">
                {message.user.username}
              </span>
              <span
                className={clsx(
                  'text-xs',
                  message.user.role === 'admin' ? 'font-semibold text-red-600' : 'text-slate-500',
                )}
              >
                {message.user.role}
              </span>
              <time dateTime={message.timestamp} className="ml-auto text-xs text-slate-400">
                {timeText(message.timestamp)}
              </time>
            </p>
            {/* Clipped to its own lines: stacked combining marks must not draw over the name and time above. */}
            <p className="overflow-hidden break-words whitespace-pre-wrap text-slate-700">
              {message.message}
            </p>
          </li>
        ))}
      </ol>
      <p role="status" className="min-h-5 px-5 text-xs text-slate-500 italic">
        {typingLine}
      </p>
      <form
        className="flex items-end gap-2 px-5 pt-1 pb-4"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="sr-only">
            Chat message
          </label>
          <textarea
            id={inputId}
            rows={2}
            value={text}
            maxLength={CHAT_MESSAGE_MAX}
            placeholder={connected ? 'Type a message...' : 'Connecting to the live room...'}
            onChange={(event) => {
              setText(event.target.value);
              typing.input(event.target.value);
            }}
            onKeyDown={onKeyDown}
            className="block w-full resize-none rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-indigo-600 focus:outline-none focus:ring-inset"
          />
          <p className="mt-1 text-right text-xs text-slate-400 tabular-nums">
            {text.trim().length}/{CHAT_MESSAGE_MAX}
          </p>
        </div>
        <Button
          type="submit"
          size="sm"
          className="mb-6"
          disabled={problem !== null || !connected}
          icon={<Send aria-hidden="true" className="size-4" />}
        >
          Send
        </Button>
      </form>
    </div>
  );
}
