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
  it('lists every warning with its lines, those of one message on one row (decision 0101)', () => {
    const taken = 'catalog number bldr191 is already on "Lose Minds" (line 8) in this label: the release is imported without one';
    const warnings = [
      { line: 9, message: taken },
      ...[12, 40, 77].map((line) => ({ line, message: 'no track length: duration unknown' })),
      ...Array.from({ length: 14 }, (_, n) => ({ line: 100 + n, message: 'Beatport URL "ftp://x" is not an http(s) URL: not linked' })),
    ];
    renderWithApp(<CatalogReport report={{ ...report, warnings, catalogNumbersNotTaken: [{ line: 9, reason: taken }] }} />);
    expect(screen.getByText('18')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Warnings' });
    expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'LinesWarning',
      `9${taken}`,
      '12, 40, 77no track length: duration unknown',
      '100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111 and 2 moreBeatport URL "ftp://x" is not an http(s) URL: not linked',
    ]);
    expect(screen.getByText('No rows rejected.')).toBeTruthy();
  });

  it('shows no list without warnings, and the count of a report stored before they were listed', () => {
    const shown = renderWithApp(<CatalogReport report={{ ...report, warnings: [] }} />);
    expect(screen.queryByRole('table', { name: 'Warnings' })).toBeNull();
    shown.unmount();
    renderWithApp(<CatalogReport report={report} />);
    expect(screen.queryByRole('table', { name: 'Warnings' })).toBeNull();
    expect(screen.getByText('17')).toBeTruthy();
  });
});
