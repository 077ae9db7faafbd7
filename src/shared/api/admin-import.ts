export const importJobKinds = ['catalog-csv', 'spotify-enrichment'] as const;
export type ImportJobKind = (typeof importJobKinds)[number];

export const importJobStatuses = ['running', 'succeeded', 'failed'] as const;
export type ImportJobStatus = (typeof importJobStatuses)[number];

/** SPEC §8 import errors. */
export const importMessages = {
  unknownFailure: 'Import failed with unknown error',
  requestFailed: 'Failed to import tracks',
} as const;
