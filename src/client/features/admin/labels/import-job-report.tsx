import { Alert, Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import type { CatalogImportReport, ImportResult, ImportWarning } from '../../../../shared/api/admin-import.js';
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

/** Lines listed as "2, 5, 9" (at most `shown`, then how many more). */
function linesText(lines: number[], shown = 12): string {
  const listed = lines.slice(0, shown).join(', ');
  return lines.length > shown ? `${listed} and ${count(lines.length - shown)} more` : listed;
}

/** Every warning with its line, those of one message grouped on one row with their lines (decision 0101). */
function Warnings({ warnings }: { warnings: ImportWarning[] }) {
  const groups = new Map<string, number[]>();
  for (const warning of warnings) groups.set(warning.message, [...(groups.get(warning.message) ?? []), warning.line]);
  return (
    <TableContainer>
      <Table size="small" aria-label="Warnings">
        <TableHead>
          <TableRow>
            <TableCell>Lines</TableCell>
            <TableCell>Warning</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {[...groups].map(([message, lines]) => (
            <TableRow key={message}>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 64 }}>{linesText(lines)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * What a catalog upload did: the counts, every rejected row with its line and reason, then every warning
 * with its lines (a catalog number another release of the label holds among them: decision 0088), grouped
 * by message (decision 0101). A report stored before warnings were listed has their count only.
 */
export function CatalogReport({ report }: { report: CatalogImportReport }) {
  const changes = (kind: 'releases' | 'tracks' | 'artists') => `(${count(report.created[kind])} new, ${count(report.updated[kind])} updated)`;
  const warnings = typeof report.warnings === 'number' ? undefined : report.warnings;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <FigureList
        figures={[
          ['Rows read', count(report.rows)],
          ['Releases', `${count(report.totalReleasesImported)} ${changes('releases')}`],
          ['Tracks', `${count(report.totalTracksImported)} ${changes('tracks')}`],
          ['Artists', `${count(report.totalArtistsImported)} ${changes('artists')}`],
          ['Rejected rows', count(report.rejected.length)],
          ['Warnings', count(warnings?.length ?? (report.warnings as number))],
          ...(report.skipped > 0 ? [['Rows of other labels', count(report.skipped)] as [string, string]] : []),
        ]}
      />
      {report.rejected.length === 0 ? (
        <Typography color="text.secondary">No rows rejected.</Typography>
      ) : (
        <RowNotes name="Rejected rows" rows={report.rejected} />
      )}
      {warnings && warnings.length > 0 && <Warnings warnings={warnings} />}
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
