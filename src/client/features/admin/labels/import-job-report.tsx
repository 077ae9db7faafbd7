import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { CatalogImportReport, ImportResult } from '../../../../shared/api/admin-import.js';
import { formatCount as count } from '../components/admin-format.js';
import { FigureList } from '../components/figure-list.js';

type RowNote = CatalogImportReport['rejected'][number];

/** Lines of the file with what happened to each. */
function RowNotes({ name, rows }: { name: string; rows: RowNote[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={name}>
        <TableHead>
          <TableRow>
            <TableCell>Line</TableCell>
            <TableCell>Reason</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.line}>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{row.line}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.reason}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * What a catalog upload did: the counts, every rejected row with its line and reason, then the rows
 * whose catalog number another release of the label holds (imported without it, decision 0088).
 */
export function CatalogReport({ report }: { report: CatalogImportReport }) {
  const changes = (kind: 'releases' | 'tracks' | 'artists') => `(${count(report.created[kind])} new, ${count(report.updated[kind])} updated)`;
  const notTaken = report.catalogNumbersNotTaken ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FigureList
        figures={[
          ['Rows read', count(report.rows)],
          ['Releases', `${count(report.totalReleasesImported)} ${changes('releases')}`],
          ['Tracks', `${count(report.totalTracksImported)} ${changes('tracks')}`],
          ['Artists', `${count(report.totalArtistsImported)} ${changes('artists')}`],
          ['Rejected rows', count(report.rejected.length)],
          ['Warnings', count(report.warnings)],
          ...(report.skipped > 0 ? [['Rows of other labels', count(report.skipped)] as [string, string]] : []),
        ]}
      />
      {report.rejected.length === 0 ? (
        <Typography color="text.secondary">No rows rejected.</Typography>
      ) : (
        <RowNotes name="Rejected rows" rows={report.rejected} />
      )}
      {notTaken.length > 0 && (
        <>
          <Typography>Imported without the catalog number of their row, which another release of the label has:</Typography>
          <RowNotes name="Catalog numbers not taken" rows={notTaken} />
        </>
      )}
    </Box>
  );
}

/** What "Import tracks" did: the product's import result, its message and details. */
export function EnrichmentReport({ report }: { report: ImportResult }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity={report.success ? 'success' : 'error'}>{report.message}</Alert>
      <FigureList
        figures={[
          ['Releases matched', count(report.details.totalReleasesImported)],
          ['Tracks matched', count(report.details.totalTracksImported)],
          ['Artists matched', count(report.details.totalArtistsImported)],
        ]}
      />
    </Box>
  );
}
