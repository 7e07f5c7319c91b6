/**
 * The report renderers: pure functions of the one report model (src/report/model.ts), no I/O. The CLI writes
 * their output to report.md, report.html and junit.xml.
 */
export { renderMarkdown } from './markdown.js';
export { renderHtml } from './html.js';
export { renderJunit } from './junit.js';
