/** What a usage error shows of a value: address secrets hidden, cut short; a list summarised. */
import { describe, expect, it } from 'vitest';
import { knownNames, namedList, shownValue, withoutAddressSecrets } from '../../src/config/shown-values.js';

const HEX = '9aa3d95b3bc440fa88ea12eaa4456161';

describe('a value a usage error shows', () => {
  it('keeps only the host of anything address-like, parsed as a URL or not', () => {
    expect(withoutAddressSecrets(`https//mainnet.node.invalid/v3/${HEX}`)).toBe('https//mainnet.node.invalid/[redacted]');
    expect(withoutAddressSecrets(`https:mainnet.node.invalid/v3/${HEX}`)).toBe('https:mainnet.node.invalid/[redacted]');
    expect(withoutAddressSecrets(`mainnet.node.invalid/v3/${HEX}`)).toBe('mainnet.node.invalid/[redacted]');
    expect(withoutAddressSecrets(`htps://alice:pw@node.invalid:99999/${HEX}`)).toBe('htps://[redacted]@node.invalid:99999/[redacted]');
    expect(withoutAddressSecrets(`localhost:8545?key=${HEX}`)).toBe('localhost:8545/[redacted]');
    expect(withoutAddressSecrets('https://node.invalid/')).toBe('https://node.invalid/');
    // Not addresses: shown as they are.
    for (const plain of ['2/3', '10x', 'polygon', 'maybe', '-1']) expect(withoutAddressSecrets(plain)).toBe(plain);
  });

  it('hides a key pasted where a value was expected, not a slug or a number', () => {
    expect(shownValue('Rw7uKp2Qx9VzL4mB6tN8sD1fH3jG5cYa')).toBe('"[redacted]"');
    expect(shownValue('10x')).toBe('"10x"');
    expect(namedList(['polygon2024', 'Rw7uKp2Qx9VzL4mB6tN8sD1fH3jG5cYa'], ['unknown slug', 'unknown slugs'])).toBe(
      'unknown slugs: polygon2024, "[redacted]"',
    );
  });

  it('is quoted and cut short', () => {
    expect(shownValue('abc')).toBe('"abc"');
    expect(shownValue(12)).toBe('12');
    const long = shownValue('x '.repeat(10_000));
    expect(long.length).toBeLessThanOrEqual(61);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('a list a usage error names', () => {
  it('is whole when short, else how many and the first few, in a short line', () => {
    expect(namedList(['narnia'], ['unknown network slug', 'unknown network slugs'])).toBe('unknown network slug: narnia');
    expect(namedList(['a', 'b'], ['unknown fault', 'unknown faults'])).toBe('unknown faults: a, b');
    const many = namedList(
      Array.from({ length: 10_000 }, (_, i) => `slug-${i}`),
      ['unknown network slug', 'unknown network slugs'],
    );
    expect(many).toMatch(/^10000 unknown network slugs: slug-0, slug-1, .* and \d+ more$/);
    expect(many.length).toBeLessThan(200);
    // A name that is itself huge or a URL is shown as a value would be.
    const odd = namedList([`https//node.invalid/${HEX}`, 'y'.repeat(5000)], ['unknown name', 'unknown names']);
    expect(odd).not.toContain(HEX);
    expect(odd.length).toBeLessThan(200);
  });

  it('names the known values in full when they fit, else the first few and how many', () => {
    expect(knownNames(['full', 'quick'])).toBe('full, quick');
    const ids = Array.from({ length: 300 }, (_, i) => `check-number-${i}`);
    expect(knownNames(ids, 'conformance checks')).toMatch(/^check-number-0, .*, … \(300 in all: `conformance checks` lists them\)$/);
    expect(knownNames(ids).length).toBeLessThan(150);
  });
});
