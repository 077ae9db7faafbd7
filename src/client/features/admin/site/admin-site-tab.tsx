import { Alert, CircularProgress, Stack, Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { settingsLabelIds, type SettingsLabelId, type SiteSettings } from '../../../../shared/api/settings.js';
import { NotFoundPage } from '../../../components/not-found-page.js';
import { siteSettingsQuery } from '../api/admin-site-settings.js';
import { useAdminToken } from '../shell/admin-outlet-context.js';
import { GeneralSettingsForm } from './general-settings-form.js';
import { LabelSettingsForm } from './label-settings-form.js';
import { LegalSettingsForm, type LegalDocumentKey } from './legal-settings-form.js';
import { StorySettingsForm, SubmitSettingsForm } from './pages-settings-forms.js';
import { SettingsChanges } from './settings-changes.js';
import { ShopSettingsForm } from './shop-settings-form.js';
import type { SitePreviews } from './site-previews.js';
import { VipSettingsForm } from './vip-settings-form.js';

/** The parts of the Site tab, each its own address (/admin/site/vip), the labels first. */
const sections = [
  { path: '', name: 'Labels' },
  { path: 'pages', name: 'Story and demos' },
  { path: 'vip', name: 'VIP' },
  { path: 'shop', name: 'Shop' },
  { path: 'legal', name: 'Legal' },
  { path: 'general', name: 'Time zone and icon' },
  { path: 'changes', name: 'Changes' },
] as const;
type SectionPath = (typeof sections)[number]['path'];

const legalDocuments: { key: LegalDocumentKey; param: string }[] = [
  { key: 'termsOfService', param: 'terms' },
  { key: 'privacyPolicy', param: 'privacy' },
];

/** A row of links that look like tabs (the dashboard's own pattern), one of them current. */
function LinkTabs({ label, value, links }: { label: string; value: string; links: { value: string; name: string; to: string }[] }) {
  return (
    <Tabs value={value} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={label}>
      {links.map((link) => (
        <Tab key={link.value} value={link.value} label={link.name} component={RouterLink} to={link.to} />
      ))}
    </Tabs>
  );
}

function Section({ section, token, settings, previews }: { section: SectionPath; token: string; settings: SiteSettings; previews: SitePreviews }) {
  const [search] = useSearchParams();
  if (section === '') {
    const label: SettingsLabelId = settingsLabelIds.find((key) => key === search.get('label')) ?? 'records';
    return (
      <Stack spacing={2}>
        <LinkTabs label="Labels" value={label} links={settingsLabelIds.map((key) => ({ value: key, name: settings.labels[key].name, to: `/admin/site?label=${key}` }))} />
        <LabelSettingsForm key={label} token={token} settings={settings} label={label} Preview={previews.Label} />
      </Stack>
    );
  }
  if (section === 'pages') {
    return (
      <Stack spacing={3}>
        <StorySettingsForm token={token} settings={settings} Preview={previews.Story} />
        <SubmitSettingsForm token={token} settings={settings} Preview={previews.Guidelines} />
      </Stack>
    );
  }
  if (section === 'vip') return <VipSettingsForm token={token} settings={settings} Preview={previews.VipPlans} />;
  if (section === 'shop') return <ShopSettingsForm token={token} settings={settings} />;
  if (section === 'legal') {
    const document = legalDocuments.find((d) => d.param === search.get('document')) ?? legalDocuments[0]!;
    return (
      <Stack spacing={2}>
        <LinkTabs label="Legal documents" value={document.param} links={legalDocuments.map((d) => ({ value: d.param, name: settings.legal[d.key].title, to: `/admin/site/legal?document=${d.param}` }))} />
        <LegalSettingsForm key={document.key} token={token} settings={settings} document={document.key} Preview={previews.Legal} />
      </Stack>
    );
  }
  if (section === 'general') return <GeneralSettingsForm token={token} settings={settings} />;
  return <SettingsChanges token={token} />;
}

/**
 * Site: what makes the site the label's own (issue 34), set by the owner: each part a form beside a
 * live preview of the page it changes, saved as a PATCH of that part, and a log of the changes, each
 * one revertible. `previews` are the public pages' parts, handed in by src/client/app.
 */
export function AdminSiteTab({ previews }: { previews: SitePreviews }) {
  const token = useAdminToken();
  const { section: param = '' } = useParams();
  const section = sections.find((s) => s.path === param);
  const query = useQuery(siteSettingsQuery(token));
  if (!section) return <NotFoundPage />;
  return (
    <Stack spacing={2}>
      <LinkTabs label="Site settings" value={section.path} links={sections.map((s) => ({ value: s.path, name: s.name, to: s.path ? `/admin/site/${s.path}` : '/admin/site' }))} />
      {query.error && <Alert severity="error">{query.error.message}</Alert>}
      {!query.data && !query.error && <CircularProgress aria-label="Loading" />}
      {query.data && <Section section={section.path} token={token} settings={query.data} previews={previews} />}
    </Stack>
  );
}
