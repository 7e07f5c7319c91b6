import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, redactBody, redactPersonal } from '../../src/report/redact.js';
import { Redactor } from '../../src/report/redactor.js';
import { SEED } from '../properties/seed.js';
import { armOutputRedactor, learnedElsewhere, shareLearnedPersonal, withOwnOutputBoundary } from '../../src/report/output-boundary.js';

const KEY = 'Kf93hq7Zp2LmX4vB8nR1tY6wQ0sD5gJa';

/** Every 8-character slice of `secret`, lower-cased: none may be left in a redacted text. */
function slicesOf(secret: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 8 <= secret.length; i += 1) out.push(secret.slice(i, i + 8).toLowerCase());
  return out;
}
const leaks = (text: string, secret: string) => slicesOf(secret).filter((s) => text.toLowerCase().includes(s));

describe('the output redactor', () => {
  const redactor = new Redactor({
    keys: [KEY],
    urls: ['https://node.example/v3/9aa3d95b3bc440fa88ea12eaa4456161', 'https://{network}-relayer.example.com/tenant/abcdef1234'],
  });

  it('removes the key whole, in part, in another letter case, JSON-escaped, URL-encoded and HTML-escaped', () => {
    for (const text of [
      `key ${KEY} echoed`,
      `cut: ${KEY.slice(0, 11)}`,
      `tail ${KEY.slice(-9)}!`,
      KEY.toUpperCase(),
      JSON.stringify({ k: `"${KEY}"` }),
      encodeURIComponent(`k=${KEY}&x=1`),
    ]) {
      const out = redactor.text(text);
      expect(leaks(out, KEY), out).toEqual([]);
      expect(out).toContain(REDACTED);
    }
    const odd = new Redactor({ keys: ['a&b<c>"d\'e/f g'], urls: [] });
    for (const form of ['a&amp;b&lt;c&gt;&quot;d&#39;e/f g', "a%26b%3Cc%3E%22d'e%2Ff%20g", 'a&b<c>\\"d\'e/f g']) {
      expect(odd.text(`x ${form} y`)).toBe(`x ${REDACTED} y`);
    }
  });

  it('keeps ordinary text, and a short slice of the key that ordinary text could hold', () => {
    expect(redactor.text('GetFloorOrder on polygon [response-schema] at /order/chainId')).toBe(
      'GetFloorOrder on polygon [response-schema] at /order/chainId',
    );
    expect(redactor.text(`x${KEY.slice(0, 7)}y`)).toBe(`x${KEY.slice(0, 7)}y`);
  });

  it('shows a URL the user gave as its origin only, also per network, and hides its key-like segments anywhere', () => {
    expect(redactor.text('error from https://node.example/v3/9aa3d95b3bc440fa88ea12eaa4456161 (bad)')).toBe(
      `error from https://node.example/${REDACTED} (bad)`,
    );
    expect(redactor.text('https://polygon-relayer.example.com/tenant/abcdef1234/rpc/Relayer/FeeOptions')).toBe(
      `https://polygon-relayer.example.com/${REDACTED}/rpc/Relayer/FeeOptions`,
    );
    expect(redactor.text('the node said: unknown project 9aa3d95b3bc440fa88ea12eaa4456161')).not.toContain('9aa3d95b');
    expect(redactor.text('https://node.example/other')).toBe('https://node.example/other');
  });

  it('removes every e-mail address and the personal values it learned, also JSON-escaped', () => {
    const r = new Redactor({ keys: [], urls: [] });
    r.learnPersonal(['Zebulon "Zeb" Quigglesworth', 'Bo']);
    expect(r.text('mail zq@personal.example or zq%40personal.example')).toBe(`mail ${REDACTED} or ${REDACTED}`);
    expect(r.text(JSON.stringify({ actual: 'Zebulon "Zeb" Quigglesworth', short: 'Bo', word: 'Bob' }))).toBe(
      `{"actual":"${REDACTED}","short":"${REDACTED}","word":"Bob"}`,
    );
  });

  it('removes a learned value in any letter case, in a query, and where a cut left only its start', () => {
    const r = new Redactor({ keys: [], urls: [] });
    r.learnPersonal(['Ada Lovelace', 'Bo']);
    for (const form of ['ADA LOVELACE', 'ada lovelace', 'aDa LoVeLaCe', 'Ada+Lovelace', 'Ada%20Lovelace', 'ADA%20LOVELACE'])
      expect(r.text(`panic while removing ${form} 12`), form).toBe(`panic while removing ${REDACTED} 12`);
    expect(r.text('panic while removing Ada Lov…')).toBe(`panic while removing ${REDACTED}…`);
    expect(r.text('panic while removing ADA L… (40 more characters)')).toBe(`panic while removing ${REDACTED}… (40 more characters)`);
    // Too short a start, or one inside a word, may be anything's.
    expect(r.text('the Ada…')).toBe('the Ada…');
    expect(r.text('Nevada Lov…')).toBe('Nevada Lov…');
    expect(r.text('ordinary text…')).toBe('ordinary text…');
  });

  it('redacts the start of a learned value before a cut in place, also with letters whose lower case is longer (İ)', () => {
    withOwnOutputBoundary(() => {
      const r = new Redactor({ keys: [], urls: [] });
      r.learnPersonal(['İpek İnce', 'Ada Lovelace']);
      expect(r.text('name: İpek İn… ok')).toBe(`name: ${REDACTED}… ok`);
      expect(r.text('a, İpek İn…')).toBe(`a, ${REDACTED}…`);
      expect(r.text('İİİİİİİİ ab Ada Lov… and İPEK İ… end')).toBe(`İİİİİİİİ ab ${REDACTED}… and ${REDACTED}… end`);
      expect(r.text('Nİpek İn…')).toBe('Nİpek İn…');
    });
    // Values of letters whose lower case is longer or not, cut after MIN_WHOLE characters or more, between
    // texts of other characters: each cut start becomes the mark in its place, and nothing around it changes.
    const letter = fc.constantFrom('İ', 'i', 'I', 'ı', 'a', 'B', ' ');
    const value = fc
      .array(letter, { minLength: 5, maxLength: 12 })
      .map((p) => p.join('').trim())
      .filter((v) => v.length > 4);
    const around = fc.array(fc.constantFrom('x', 'y', 'z', ' ', ',', '.', ';', '…'), { maxLength: 10 }).map((p) => p.join(''));
    fc.assert(
      fc.property(
        fc.array(value, { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(around, fc.nat(), fc.nat(), fc.constantFrom('as is', 'upper')), { minLength: 1, maxLength: 4 }),
        around,
        (values, pieces, tail) =>
          withOwnOutputBoundary(() => {
            const r = new Redactor({ keys: [], urls: [] });
            r.learnPersonal(values);
            let text = '';
            let expected = '';
            for (const [lead, which, cutAt, letterCase] of pieces) {
              const chosen = values[which % values.length]!;
              const length = 4 + (cutAt % (chosen.length - 4));
              const start = chosen.slice(0, length);
              // Upper case where it comes back to the same lower case (ı upper-cases to I, whose lower case is i).
              const upper = start.toUpperCase();
              const shown = letterCase === 'upper' && upper.toLowerCase() === start.toLowerCase() ? upper : start;
              text += `${lead} ${shown}…`;
              expected += `${lead} ${REDACTED}…`;
            }
            text += tail;
            expected += tail;
            expect(r.text(text)).toBe(expected);
          }),
      ),
      { numRuns: 300, seed: SEED },
    );
  });

  it('redacts a text alike whether it first looks for where a learned value may begin or runs the whole pattern', () => {
    // A redactor whose pattern is made (a text held a value) runs it on every text; a fresh one first looks for
    // the values' beginnings. Values from few letters, texts of those letters and of the values in any case.
    const piece = fc.constantFrom('a', 'B', 'c', 'é', ' ', '"', '+', '%20', '…');
    const value = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
    const part = fc.oneof(piece, fc.tuple(fc.nat(), fc.constantFrom('as is', 'upper', 'lower')));
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 4 }), fc.array(part, { maxLength: 12 }), (values, parts) =>
        // A boundary of its own: what these redactors learn must not reach the others of this file.
        withOwnOutputBoundary(() => {
          const text = parts
            .map((p) => {
              if (typeof p === 'string') return p;
              const chosen = values[p[0] % values.length]!;
              return p[1] === 'upper' ? chosen.toUpperCase() : p[1] === 'lower' ? chosen.toLowerCase() : chosen;
            })
            .join('');
          const fresh = new Redactor({ keys: [], urls: [] });
          const patterned = new Redactor({ keys: [], urls: [] });
          fresh.learnPersonal(values);
          patterned.learnPersonal(values);
          patterned.text(values.join(' '));
          expect(fresh.text(text)).toBe(patterned.text(text));
        }),
      ),
      { numRuns: 500 },
    );
    withOwnOutputBoundary(() => {
      const r = new Redactor({ keys: [], urls: [] });
      r.learnPersonal(['Ada Lovelace']);
      expect(r.text('GRACE HOPPER, ordinary text')).toBe('GRACE HOPPER, ordinary text');
      expect(r.text('ADA LOVELACE')).toBe(REDACTED);
      // Learned after the pattern was made: the next text looks for it too.
      r.learnPersonal(['Grace Hopper']);
      expect(r.text('GRACE HOPPER, ordinary text')).toBe(`${REDACTED}, ordinary text`);
    });
    // A value that begins inside the beginning of another, which is not there in full.
    withOwnOutputBoundary(() => {
      const r = new Redactor({ keys: [], urls: [] });
      r.learnPersonal(['abac', 'babe']);
      expect(r.text('xABABE')).toBe(`xA${REDACTED}`);
    });
  });

  it('shares what any redactor of a run learns with the output redactor and the others, and with other threads', () => {
    withOwnOutputBoundary(() => {
      const told: string[] = [];
      shareLearnedPersonal((values) => told.push(...values));
      const output = armOutputRedactor({ keys: [], urls: [] });
      const session = new Redactor({ keys: [], urls: [] });
      const other = new Redactor({ keys: [], urls: [] });
      session.learnPersonal(['Grace Hopper']);
      for (const r of [output, other]) expect(r.text('grace hopper')).toBe(REDACTED);
      expect(told).toEqual(['Grace Hopper']);
      learnedElsewhere(['Alan Turing']);
      expect(session.text('Alan Turing')).toBe(REDACTED);
      expect(told).toEqual(['Grace Hopper']);
      // Made later, a redactor knows what was learned before it.
      expect(new Redactor({ keys: [], urls: [] }).text('Grace Hopper, Alan Turing')).toBe(`${REDACTED}, ${REDACTED}`);
      // A new run starts knowing nothing of the last one's answers.
      expect(armOutputRedactor({ keys: [], urls: [] }).text('Grace Hopper')).toBe('Grace Hopper');
    });
  });

  it('finds e-mail addresses exactly where the plain e-mail pattern finds them, in any text', () => {
    // The pattern the redactor's linear scan stands in for; it backtracks over long runs, so it is the oracle only.
    const pattern = /[A-Za-z0-9._%+-]+(?:@|%40)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
    const r = new Redactor({ keys: [], urls: [] });
    const pieces = fc.constantFrom('a', 'Z', '0', '4', '.', '-', '+', '_', '%', '%40', '@', 'com', 'io', ' ', '"', '/', 'x.y');
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(r.text(text)).toBe(text.replace(pattern, REDACTED));
      }),
      { numRuns: 3000, seed: 9 },
    );
    expect(r.text('a@b.com.x@c.org and x%40a.com%40b.org')).toBe(`${REDACTED}${REDACTED} and ${REDACTED}`);
  });

  it('redacts a report-sized text of many short runs with an e-mail at each end', () => {
    const r = new Redactor({ keys: [], urls: [] });
    const body = Array.from({ length: 50_000 }, (_, i) => `0x${i.toString(16)}`).join(' ');
    expect(r.text(`zq%40personal.example ${body} zq@personal.example`)).toBe(`${REDACTED} ${body} ${REDACTED}`);
  });
});

describe('the key in the encodings a server may echo it in', () => {
  const redactor = new Redactor({ keys: [KEY], urls: [] });
  const base64At = (prefix: string, secret: string, url = false) =>
    Buffer.from(`${prefix}${secret}!`).toString(url ? 'base64url' : 'base64');

  it('base64 and base64url wherever the key falls, hex in either case, reversed, and each half of them', () => {
    const half = KEY.slice(0, 16);
    const forms = [
      ...['', 'a', 'ab', 'abc'].flatMap((prefix) => [base64At(prefix, KEY), base64At(prefix, KEY, true), base64At(prefix, half)]),
      Buffer.from(KEY).toString('hex'),
      Buffer.from(KEY).toString('hex').toUpperCase(),
      Buffer.from(KEY.slice(16)).toString('hex'),
      [...KEY].reverse().join(''),
      `${KEY.slice(0, 16)} … ${KEY.slice(16)}`,
    ];
    for (const form of forms) {
      const out = redactor.text(`echo: ${form} end`);
      expect(out, form).toContain(REDACTED);
      // What is left of an encoding are a few characters at its edges, which depend on its neighbours.
      expect(out.length, `${form} → ${out}`).toBeLessThan(`echo: ${form} end`.length - 8);
    }
  });

  it('leaves a short hex stretch that merely shares 8 digits with the key (hashes are everywhere)', () => {
    const hex = Buffer.from(KEY).toString('hex');
    const text = `tx 0x${'0'.repeat(20)}${hex.slice(4, 14)}${'f'.repeat(20)}`;
    expect(redactor.text(text)).toBe(text);
  });

  it("never takes the report's own words for a part of the key, and says the key is weak", () => {
    const weak = new Redactor({ keys: ['Zq81limited-key-permission-denied7Xw'], urls: [] });
    const line = 'Builder.GetAudience on polygon [limited-key-permission-denied]: expected 403';
    expect(weak.text(line)).toBe(line);
    expect(weak.text('the key Zq81limited-key-permission-denied7Xw was echoed')).toBe(`the key ${REDACTED} was echoed`);
    expect(weak.weakKeyParts.length).toBeGreaterThan(0);
    expect(redactor.weakKeyParts).toEqual([]);
  });

  it('hides the user name and password of any URL, and of a URL given, everywhere', () => {
    const r = new Redactor({ keys: [], urls: ['https://alice:hunter2secret@api.example/base'] });
    const out = r.text('GET https://alice:hunter2secret@api.example/base/x and https://bob:pw1@other.example/ said hunter2secret');
    expect(out).not.toContain('hunter2secret');
    expect(out).not.toContain('bob:pw1');
    expect(out).toContain('https://[redacted]@other.example/');
  });
});

describe('structural redaction of answers', () => {
  it('takes out contact data in every shape a server may send it', () => {
    const body = {
      audience: { id: 1, name: 'VIP buyers' },
      contacts: {
        'alice@personal.example': { id: 1, address: '0xabc', name: ['Alice', 'Liddell'], email: { primary: 'alice@personal.example' } },
        second: 'Bob Builder <bob@personal.example>',
        third: [{ id: 3, fullName: 'Carol Danvers' }],
      },
      debug: { who: 'Dave <dave@personal.example>' },
    };
    const { value, personal } = redactPersonal(body);
    const text = JSON.stringify(value);
    for (const secret of ['alice@', 'Alice', 'Liddell', 'Bob Builder', 'Carol', 'dave@', 'second', 'third', 'fullName'])
      expect(text).not.toContain(secret);
    expect(text).toContain('VIP buyers');
    expect(text).toContain('0xabc');
    expect(personal).toEqual(expect.arrayContaining(['Alice', 'Liddell', 'Carol Danvers', 'Dave <dave@personal.example>']));
  });

  it('fails closed: a body too deep to walk, or a Builder answer that is not JSON, becomes a placeholder', () => {
    const deep = `${'['.repeat(100_000)}"Alice <alice@personal.example>"${']'.repeat(100_000)}`;
    expect(redactBody(deep, false).text).toMatch(/^\[not shown: JSON nested deeper than \d+ levels\]$/);
    expect(redactBody('name=Alice Liddell', true).text).toMatch(/^\[not shown: /);
    expect(redactBody('<html>gateway error</html>', false).text).toBe('<html>gateway error</html>');
  });
});
