import ShareIcon from '@mui/icons-material/Share';
import { Button } from '@mui/material';
import { notify } from '../lib/notifications.js';

/**
 * "Copy link" for a page of the site: the phone's share sheet where the browser has one (Web Share
 * API), else the link copied to the clipboard. `path` is a site path; the link is absolute.
 */
export function ShareButton({ path, title }: { path: string; title: string }) {
  async function share() {
    const url = new URL(path, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      // A dismissed share sheet rejects: nothing to tell.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      notify('Link copied', { variant: 'success' });
    } catch {
      notify(`Copy this link: ${url}`, { variant: 'info' });
    }
  }
  return (
    <Button size="small" variant="outlined" startIcon={<ShareIcon />} onClick={() => void share()} sx={{ alignSelf: 'flex-start' }}>
      Copy link
    </Button>
  );
}
