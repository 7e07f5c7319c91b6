/**
 * Writes the four report files from one report model. Each file is written to a temporary name and renamed,
 * so an interrupted run never leaves a half-written report next to a whole one.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ReportSchema, type Report } from '../src/report/model.js';
import { renderHtml, renderJunit, renderMarkdown } from './render/index.js';

export const REPORT_FILES = ['report.json', 'report.md', 'report.html', 'junit.xml'] as const;

export function writeReport(report: Report, dir: string): string[] {
  mkdirSync(dir, { recursive: true });
  const files: Record<(typeof REPORT_FILES)[number], string> = {
    'report.json': `${JSON.stringify({ $schema: ReportSchema.$id, ...report }, null, 2)}\n`,
    'report.md': renderMarkdown(report),
    'report.html': renderHtml(report),
    'junit.xml': renderJunit(report),
  };
  const written: string[] = [];
  for (const [name, content] of Object.entries(files)) {
    const target = join(dir, name);
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, content);
    renameSync(temporary, target);
    written.push(target);
  }
  return written;
}
