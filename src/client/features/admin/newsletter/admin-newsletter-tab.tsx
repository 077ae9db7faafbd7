import { Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { Newsletter } from '../../../../shared/api/newsletters.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { NewsletterForm } from './newsletter-form.js';
import { NewslettersList } from './newsletters-list.js';

/** docs/decisions/0065: the members' newsletter, written here and sent once to the active members of the chosen plans. */
export function AdminNewsletterTab() {
  const token = useAdminToken();
  // The draft in the form; null: a new one. A new key gives the form its values afresh.
  const [editing, setEditing] = useState<{ key: number; draft: Newsletter | null }>({ key: 0, draft: null });
  const start = (draft: Newsletter | null) => {
    setEditing((current) => ({ key: current.key + 1, draft }));
    setSavedId(draft?.id ?? null);
  };
  // The id of the draft in the form once saved, so that the list marks it.
  const [savedId, setSavedId] = useState<string | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 4, maxWidth: 900 }}>
      <section aria-labelledby="newsletter-write">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography id="newsletter-write" variant="h5" component="h2">
            {editing.draft ? 'Edit the draft' : 'Write a newsletter'}
          </Typography>
          {editing.draft && <Button onClick={() => start(null)}>New newsletter</Button>}
        </Stack>
        <NewsletterForm key={editing.key} token={token} draft={editing.draft} onSaved={(saved) => setSavedId(saved.id)} onDone={() => start(null)} />
      </section>
      <section aria-labelledby="newsletter-list">
        <Typography id="newsletter-list" variant="h5" component="h2" sx={{ mb: 2 }}>
          Newsletters
        </Typography>
        <NewslettersList token={token} editingId={savedId} onEdit={start} />
      </section>
    </Box>
  );
}
