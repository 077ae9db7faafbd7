import { join } from 'node:path';
import { projectRoot } from '../../src/server/paths.js';

// Real-world data kept in the repository (tests/fixtures/README.md says where each file comes from).
const fixturesDir = join(projectRoot, 'tests', 'fixtures');

export const distributorExportPath = join(fixturesDir, 'distributor-inventory-export.csv');
export const spotifyOpenApiPath = join(fixturesDir, 'spotify-web-api.openapi.yml');
