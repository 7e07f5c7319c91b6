/**
 * RFC 3339 timestamps (the `rfc3339` convention), as servers write them (`...Z`, wire-facts.md §5), sometimes
 * with a numeric offset, which RFC 3339 allows just as well.
 */
import fc from 'fast-check';

export interface Rfc3339TimestampConstraints {
  readonly min?: Date;
  readonly max?: Date;
}

export function rfc3339Timestamp(constraints: Rfc3339TimestampConstraints = {}): fc.Arbitrary<string> {
  const date = fc.date({
    min: constraints.min ?? new Date('1970-01-01T00:00:00Z'),
    max: constraints.max ?? new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  });
  const utc = date.map((d) => d.toISOString());
  const offset = fc.tuple(date, fc.integer({ min: -12, max: 14 })).map(([d, hours]) => withOffset(d, hours));
  return fc.oneof({ arbitrary: utc, weight: 3 }, { arbitrary: offset, weight: 1 });
}

/** The same instant written in local time at `hours` from UTC. */
function withOffset(date: Date, hours: number): string {
  const local = new Date(date.getTime() + hours * 3_600_000).toISOString().slice(0, -1);
  const sign = hours < 0 ? '-' : '+';
  return `${local}${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
}
