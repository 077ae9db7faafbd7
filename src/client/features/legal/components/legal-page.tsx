import { Box, Divider, Link, Tab, Tabs, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { useSiteSettings } from '../../../app/site-settings.js';
import { LegalDocument, type LegalSection } from './legal-document.js';

interface Legal {
  lastUpdated: string;
  contactEmail: string;
}

/** One document of the legal page: its title, date, sections and the contact address (the admin's Site tab previews it). */
export function LegalDocumentPanel({ document, legal }: { document: { title: string; sections: readonly LegalSection[] }; legal: Legal }) {
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        {document.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {`Last updated ${legal.lastUpdated}`}
      </Typography>
      <LegalDocument sections={document.sections} />
      <Divider sx={{ my: 3 }} />
      <Typography variant="body2" color="text.secondary">
        {'Contact: '}
        <Link href={`mailto:${legal.contactEmail}`}>{legal.contactEmail}</Link>
      </Typography>
    </>
  );
}

/** docs/product.md §2 /legal: tabs Terms of Service and Privacy Policy; `?tab=privacy` opens the second. */
export function LegalPage() {
  const { legal } = useSiteSettings();
  const documents = [
    { tab: 'terms', document: legal.termsOfService },
    { tab: 'privacy', document: legal.privacyPolicy },
  ] as const;
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = Math.max(
    0,
    documents.findIndex((d) => d.tab === searchParams.get('tab')),
  );
  const current = documents[selected] ?? documents[0];

  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 860 }}>
      <Tabs
        value={selected}
        onChange={(_event, index: number) => setSearchParams({ tab: documents[index]?.tab ?? 'terms' }, { replace: true })}
        variant="fullWidth"
        aria-label="Legal documents"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {documents.map(({ tab, document }) => (
          <Tab key={tab} label={document.title} id={`legal-tab-${tab}`} aria-controls={`legal-panel-${tab}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`legal-panel-${current.tab}`} aria-labelledby={`legal-tab-${current.tab}`}>
        <LegalDocumentPanel document={current.document} legal={legal} />
      </Box>
    </Box>
  );
}
