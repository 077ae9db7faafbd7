import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogImportReport } from '../../../../shared/api/admin-import.js';
import { renderWithApp } from '../../../../../tests/helpers/render.js';
import { CatalogReport } from './import-job-report.js';

const report: CatalogImportReport = {
  rows: 544,
  totalReleasesImported: 278,
  totalTracksImported: 542,
  totalArtistsImported: 266,
  created: { releases: 278, tracks: 542, artists: 266 },
  updated: { releases: 0, tracks: 0, artists: 0 },
  rejected: [],
  warnings: 17,
  skipped: 0,
};

describe('CatalogReport', () => {
  it('lists the rows whose catalog number another release of the label has, with their line and reason (decision 0088)', () => {
    const reason = 'catalog number bldr191 is already on "Lose Minds" (line 8) in this label: the release is imported without one';
    renderWithApp(<CatalogReport report={{ ...report, catalogNumbersNotTaken: [{ line: 9, reason }] }} />);
    const table = screen.getByRole('table', { name: 'Catalog numbers not taken' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual(['LineReason', `9${reason}`]);
    expect(screen.getByText('No rows rejected.')).toBeTruthy();
  });

  it('shows no such list when every number was taken, or for a report stored before it was kept', () => {
    renderWithApp(<CatalogReport report={{ ...report, catalogNumbersNotTaken: [] }} />);
    expect(screen.queryByRole('table', { name: 'Catalog numbers not taken' })).toBeNull();
    renderWithApp(<CatalogReport report={report} />);
    expect(screen.queryByRole('table', { name: 'Catalog numbers not taken' })).toBeNull();
  });
});
