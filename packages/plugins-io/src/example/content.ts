/** The example site's content store fixtures (`content/*.json`): see content/fixtures.ts. */
import type { ExampleFile } from './files';

export const EXAMPLE_CONTENT: Readonly<Record<string, ExampleFile>> = {};
