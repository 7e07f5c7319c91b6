/** The tool's own published schemas: the report (report.json), the fixtures file, the config file, the expectations file and the cassette of a recorded run. */
import { configSchema } from './config-file.js';
import { buildProgram } from './main.js';
import type { SchemaFile } from '../contract/schema-files.js';
import { FixturesSchema } from '../config/fixtures.js';
import { ReportSchema } from '../report/model.js';
import { ExpectationsFileSchema } from '../runner/expectations.js';
import { CassetteSchema } from '../runner/cassette.js';

export function toolSchemaFiles(): SchemaFile[] {
  return [
    { file: 'report.schema.json', schema: ReportSchema },
    { file: 'fixtures.schema.json', schema: FixturesSchema },
    { file: 'config.schema.json', schema: configSchema(buildProgram({ log: () => {}, error: () => {} })) },
    { file: 'expectations.schema.json', schema: ExpectationsFileSchema },
    { file: 'cassette.schema.json', schema: CassetteSchema },
  ];
}
