import { Alert, AlertTitle, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeDemoCatalog } from '../../../../shared/api/admin-import.js';
import { notify } from '../../../lib/notifications.js';
import { refreshAdminData } from '../api/admin-catalog.js';
import { demoCatalogQuery, removeDemoCatalog } from '../api/admin-import.js';

interface Props {
  token: string;
  /** A catalog import has just succeeded here: the notice offers to remove the demo catalog. */
  afterImport: boolean;
}

/**
 * While the fictional demo catalog is on the site: what it holds and "Remove demo catalog", which asks
 * first and says what goes (docs/decisions/0027). Nothing once it is removed.
 */
export function DemoCatalogNotice({ token, afterImport }: Props) {
  const queryClient = useQueryClient();
  const demo = useQuery(demoCatalogQuery(token));
  const [isAsking, setIsAsking] = useState(false);
  const [isRemoving, setIsRemoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!demo.data || demo.data.releases === 0) return null;
  const contents = describeDemoCatalog(demo.data);

  const close = () => {
    if (isRemoving) return;
    setFailure(null);
    setIsAsking(false);
  };
  const confirm = async () => {
    setIsRemoving(true);
    try {
      const answer = await removeDemoCatalog(token);
      notify(answer.message, { variant: 'success' });
      setIsAsking(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The demo catalog could not be removed');
    } finally {
      setIsRemoving(false);
      void refreshAdminData(queryClient);
    }
  };

  return (
    <>
      <Alert severity={afterImport ? 'success' : 'info'}>
        <AlertTitle>{afterImport ? 'Your catalog is in' : 'Demo catalog'}</AlertTitle>
        {`The site also shows the fictional demo catalog (${contents}). Remove it once your own catalog is imported.`}
        <Box sx={{ mt: 1 }}>
          <Button color="inherit" variant="outlined" size="small" onClick={() => setIsAsking(true)}>
            Remove demo catalog
          </Button>
        </Box>
      </Alert>
      <Dialog open={isAsking} onClose={close} maxWidth="xs" fullWidth aria-labelledby="demo-catalog-remove-title">
        <DialogTitle id="demo-catalog-remove-title">Remove the demo catalog?</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          )}
          <DialogContentText>
            {`Its ${contents} disappear from the site at once, with their plays. Artists credited on your own releases stay. This cannot be undone.`}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={isRemoving}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void confirm()} disabled={isRemoving}>
            {isRemoving ? 'Removing...' : 'Remove demo catalog'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
