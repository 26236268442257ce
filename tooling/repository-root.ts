import { fileURLToPath } from 'node:url';

/**
 * The repository's root folder, for what runs from the sources (tsx, jest): the local stack, the build script, tests
 * and benches. Not meaningful inside the compiled build.
 */
export const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));
