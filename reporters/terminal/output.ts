/**
 * Where terminal lines go. On a TTY one live line (the progress) stays at the bottom: a permanent line
 * clears it, is written, and the live line is drawn again below. Everything shown passes through `inert`:
 * a report line can quote a hostile server's answer, and its escape sequences must not reach the terminal.
 */
export interface TerminalOutput {
  /** A permanent line. */
  line(text: string): void;
  /** Replaces the live line ('' removes it); absent when the output is not a TTY. */
  readonly live?: (text: string) => void;
}

/** Control characters (other than none at all) shown as escapes: `\x1b` becomes `\u001b`, inert. */
export function inert(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === '\t' ? ' ' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A plain sink: every line to `log`, no live line. */
export function plainOutput(log: (line: string) => void): TerminalOutput {
  return { line: log };
}

/** A TTY stream with a live line at the bottom. */
export function ttyOutput(stream: NodeJS.WriteStream): TerminalOutput {
  let current = '';
  const clip = (text: string) => (stream.columns && text.length >= stream.columns ? text.slice(0, stream.columns - 1) : text);
  return {
    line(text) {
      stream.write(`${current ? '\r\x1b[2K' : ''}${text}\n${current}`);
    },
    live(text) {
      current = clip(text);
      stream.write(`\r\x1b[2K${current}`);
    },
  };
}
