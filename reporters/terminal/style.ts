/**
 * Colour on a terminal, following the conventions of the ecosystem: on when the output is a TTY, off when
 * NO_COLOR is set (no-color.org: any non-empty value), on when FORCE_COLOR is set (to anything but 0 or
 * false), which wins over both, as in chalk and Node's own util.
 */
export function colourWanted(isTTY: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return !/^(0|false)$/i.test(force.trim());
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  return isTTY;
}

export interface Style {
  readonly pass: (text: string) => string;
  readonly fail: (text: string) => string;
  readonly warn: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
}

const sgr = (open: number, close: number) => (text: string) => `\x1b[${open}m${text}\x1b[${close}m`;

export function styleOf(colour: boolean): Style {
  if (!colour) {
    const plain = (text: string) => text;
    return { pass: plain, fail: plain, warn: plain, dim: plain, bold: plain };
  }
  return { pass: sgr(32, 39), fail: sgr(31, 39), warn: sgr(33, 39), dim: sgr(2, 22), bold: sgr(1, 22) };
}
