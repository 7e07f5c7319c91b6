import { describe, expect, it } from 'vitest';
import { anchorId, escapeHtml, escapeXmlAttr, escapeXmlText, mdCode, mdFence, mdText, sanitize } from '../../reporters/render/escape.js';
import { parseXml } from '../support/report-fixtures.js';

describe('sanitize', () => {
  it('replaces what XML 1.0 forbids, C1 controls and bidi overrides, and keeps TAB/LF/CR and astral characters', () => {
    expect(sanitize('a\u0000b\u0008c\u000bd\u001fe\u007ff\u0085g\u202eh\uFFFEi\uD800j')).toBe(
      'a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg\uFFFDh\uFFFDi\uFFFDj',
    );
    expect(sanitize('tab\tlf\ncr\r 🦊 é ✔')).toBe('tab\tlf\ncr\r 🦊 é ✔');
  });
});

describe('escapeHtml', () => {
  it('escapes markup and both quotes', () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe('&lt;script&gt;alert(&quot;x&quot; &amp; &#39;y&#39;)&lt;/script&gt;');
  });
});

describe('XML escaping', () => {
  it('round-trips text and attributes through a well-formed document', () => {
    const nasty = '<a> & "q" \'s\' ]]> tab\tnl\ncr\r';
    const doc = `<r a="${escapeXmlAttr(nasty)}">${escapeXmlText(nasty)}</r>`;
    const root = parseXml(doc);
    expect(root.attrs['a']).toBe(nasty);
    expect(root.text).toBe(nasty);
    expect(doc).not.toContain(']]>');
  });
  it('drops forbidden characters so the document stays well-formed', () => {
    expect(() => parseXml(`<r>${escapeXmlText('x\u0001\uFFFF\uDFFF')}</r>`)).not.toThrow();
    expect(() => parseXml('<r>x\u0001</r>')).toThrow(/forbidden/);
  });
});

describe('Markdown escaping', () => {
  it('mdText neutralises inline constructs, HTML and line breaks', () => {
    expect(mdText('<b>*a*</b> | `c` [l](u) & $m$\nnext')).toBe('&lt;b&gt;\\*a\\*&lt;/b&gt; \\| \\`c\\` \\[l\\](u) &amp; \\$m\\$<br>next');
    expect(mdText('back\\slash')).toBe('back\\\\slash');
  });
  it('mdCode picks a delimiter longer than any backtick run inside', () => {
    expect(mdCode('a')).toBe('`a`');
    expect(mdCode('a `b` c')).toBe('``a `b` c``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdCode('a|b', true)).toBe('`a\\|b`');
    expect(mdCode('line1\nline2')).toBe('`line1↵line2`');
    expect(mdCode('')).toBe('*(empty)*');
  });
  it('mdFence is longer than any fence inside the content', () => {
    expect(mdFence('x\n```\ny', 'sh')).toBe('````sh\nx\n```\ny\n````');
    expect(mdFence('plain')).toBe('```\nplain\n```');
  });
});

describe('anchorId', () => {
  it('uses a closed alphabet and does not collide', () => {
    expect(anchorId('fail', 'arbitrum', 'Marketplace.GetFloorOrder')).toBe('fail-arbitrum~Marketplace.GetFloorOrder');
    expect(anchorId('fail', null, 'Builder.CreateAudience')).toBe('fail-_global~Builder.CreateAudience');
    expect(anchorId('fail', '_global', 'x')).not.toBe(anchorId('fail', null, 'x'));
    expect(anchorId('fail', 'a~b', 'c')).not.toBe(anchorId('fail', 'a', 'b~c'));
    expect(anchorId('should', '"><script>', 'x')).toMatch(/^[A-Za-z0-9._~-]+$/);
  });
});
