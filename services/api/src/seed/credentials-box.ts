/** A framed block of lines, so the start-up credentials stand out in the log. */
export function credentialsBox(title: string, lines: readonly string[]): string {
  const width = Math.max(title.length, ...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  const row = (text: string) => `│ ${text.padEnd(width)} │`;
  return [`┌${rule}┐`, row(title), `├${rule}┤`, ...lines.map(row), `└${rule}┘`].join('\n');
}
