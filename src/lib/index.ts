/**
 * The package's library entry: `certify()` for another project's own tests, the report model (types and
 * TypeBox schema), and the contract it certifies (operations, resources, errors, networks, the OpenAPI
 * document). The published JSON Schemas are also importable as files: `rpc-conformance/schemas/...`.
 */
export { certify, type CertifyOptions } from './certify.js';
export { RunOptionsSchema, type RunOptions } from '../runner/run-option-schema.js';
export {
  ReportSchema,
  CheckResultSchema,
  type Report,
  type CheckResult,
  type CheckStatus,
  type Counts,
  type Exchange,
  type RestingExchange,
  type NetworkResult,
  type OperationResult,
} from '../report/model.js';
export { CONTRACT_VERSION, ERROR_KINDS, NETWORKS, OPERATIONS, RESOURCES, operationId, type OperationDef } from '../contract/index.js';
export { openApiDocument } from '../docs/openapi.js';
