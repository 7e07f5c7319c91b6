/**
 * The one script of report.html, static text (nothing from the report is ever written into it), allowed by
 * the page's Content-Security-Policy through its SHA-256 hash, so no other script and no inline handler can
 * run. It does two things a page of <details> cannot: a click on a matrix cell (a fragment link) opens every
 * finding of that cell and scrolls to the first; a copy button copies the reproduction line shown before it.
 * It holds no `<`, `&` or `>`, so the page stays parseable as XML by the renderers' own tests.
 */
import { createHash } from 'node:crypto';

export const REPORT_SCRIPT = `(function () {
  'use strict';
  function openAround(el) {
    for (var d = el.closest('details'); d; d = d.parentElement ? d.parentElement.closest('details') : null) d.open = true;
  }
  function reveal() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    if (!id) return;
    var all = document.querySelectorAll('[data-cell="' + CSS.escape(id) + '"]');
    all.forEach(openAround);
    var first = document.getElementById(id);
    if (first) { openAround(first); first.scrollIntoView({ block: 'start' }); }
  }
  function copied(button, ok) {
    button.textContent = ok ? 'Copied' : 'Copy failed: select the line';
    button.setAttribute('data-copied', ok ? 'yes' : 'no');
  }
  function fallbackCopy(text, button) {
    var area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'vh';
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    area.remove();
    copied(button, ok);
  }
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!(target instanceof Element)) return;
    // A second click on the same cell changes no hash: reveal again what the reader may have closed.
    var link = target.closest('a[href^="#"]');
    if (link) {
      if (link.getAttribute('href') === location.hash) reveal();
      return;
    }
    var button = target.closest('button.copy');
    if (!button) return;
    var source = button.previousElementSibling;
    var text = source ? source.textContent : '';
    if (!navigator.clipboard) return fallbackCopy(text, button);
    navigator.clipboard.writeText(text).then(function () { copied(button, true); }, function () { fallbackCopy(text, button); });
  });
  window.addEventListener('hashchange', reveal);
  reveal();
})();`;

/** The CSP source that allows exactly REPORT_SCRIPT. */
export const REPORT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(REPORT_SCRIPT, 'utf8').digest('base64')}'`;
