/** Every schema file published under schemas/: the contract's and the tool's own (report, fixtures). */
import { contractSchemaFiles, publishable, type SchemaFile } from '../contract/schema-files.js';
import { toolSchemaFiles } from './tool-schemas.js';

export function allSchemaFiles(): SchemaFile[] {
  return [...contractSchemaFiles(), ...toolSchemaFiles()];
}

export function renderSchemaFile(entry: SchemaFile): string {
  return `${JSON.stringify(publishable(entry.schema), null, 2)}\n`;
}
