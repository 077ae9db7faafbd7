import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useState, type ChangeEvent } from 'react';
import { importMessages, maxCatalogUploadBytes } from '../../../../shared/api/admin-import.js';
import { labels } from '../../../../shared/labels.js';

const allLabels = 'all';

function fileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * The "Upload catalog CSV" panel: the distributor's inventory export, optionally only one label's
 * rows. A file over the server's limit is refused here, before its bytes are sent.
 */
export function CatalogUpload({ isBusy, onUpload }: { isBusy: boolean; onUpload: (file: File, labelId: string | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [labelId, setLabelId] = useState(allLabels);
  const isTooLarge = file !== null && file.size > maxCatalogUploadBytes;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    setFile(event.target.files?.[0] ?? null);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="catalog-upload-heading" sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box>
        <Typography id="catalog-upload-heading" variant="h6" component="h3">
          Upload catalog CSV
        </Typography>
        <Typography variant="body2" color="text.secondary">
          The distributor&apos;s inventory export. Importing the same file again changes nothing; changed rows update their records.
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
          Choose file
          <input type="file" accept=".csv,text/csv" hidden onChange={onPick} aria-label="Catalog CSV file" />
        </Button>
        <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }} color={file ? 'text.primary' : 'text.secondary'}>
          {file ? `${file.name} (${fileSize(file.size)})` : 'No file chosen'}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Label"
          value={labelId}
          onChange={(event) => setLabelId(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value={allLabels}>All labels in the file</MenuItem>
          {labels.map((label) => (
            <MenuItem key={label.id} value={label.id}>
              {label.name}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          disabled={!file || isTooLarge || isBusy}
          onClick={() => file && onUpload(file, labelId === allLabels ? null : labelId)}
        >
          Upload
        </Button>
      </Box>
      {isTooLarge && <Alert severity="error">{importMessages.fileTooLarge}</Alert>}
    </Paper>
  );
}
