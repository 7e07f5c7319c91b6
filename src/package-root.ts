/**
 * The folder of the package (where package.json, specs/ and schemas/ are). Modules find files through it
 * rather than through their own location: the command line and the library may run from a bundle built
 * elsewhere (src/bundle/build.mjs: the package's dist/, or a source checkout's cache), which sets how to get from
 * the bundle's folder to the package.
 */
import { resolve } from 'node:path';

declare const BUNDLE_TO_PACKAGE_ROOT: string | undefined;

export const PACKAGE_ROOT =
  typeof BUNDLE_TO_PACKAGE_ROOT === 'string' ? resolve(import.meta.dirname, BUNDLE_TO_PACKAGE_ROOT) : resolve(import.meta.dirname, '..');

/** Whether this code runs from a bundle (no TypeScript loader in the process). */
export const RUNS_BUNDLED = typeof BUNDLE_TO_PACKAGE_ROOT === 'string';
