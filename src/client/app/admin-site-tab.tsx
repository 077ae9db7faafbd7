import { Box } from '@mui/material';
import { findLabel } from '../../shared/labels.js';
import type { VipPlan } from '../../shared/api/vip.js';
import type { LabelConfig } from '../../shared/site-config.js';
import { AdminSiteTab } from '../features/admin/site/admin-site-tab.js';
import type { SitePreviews } from '../features/admin/site/site-previews.js';
import { LandingHero, OurStory } from '../features/catalog/landing/landing-page.js';
import { DemoGuidelines } from '../features/demos/components/submit-page.js';
import { LegalDocumentPanel } from '../features/legal/components/legal-page.js';
import { VipPlanCard } from '../features/vip/components/vip-plan-card.js';
import { LabelLogo } from './layout/label-logo.js';

// The admin's Site tab with its previews: the public pages' own parts, drawn from settings not saved
// yet. Composed here because a feature never imports another (docs/decisions/0102).

const noop = () => undefined;

export const sitePreviews: SitePreviews = {
  Label: ({ settings, label }) => {
    const config = findLabel(label) as LabelConfig;
    const drawn = { ...config, ...settings.labels[label] };
    return (
      <>
        <LabelLogo label={drawn} />
        <LandingHero label={drawn} />
      </>
    );
  },
  Story: ({ settings }) => <OurStory about={settings.about} />,
  Guidelines: ({ settings }) => (
    <Box sx={{ p: 2 }}>
      <DemoGuidelines guidelines={settings.demos.guidelines} />
    </Box>
  ),
  VipPlans: ({ settings }) => (
    <Box sx={{ display: 'grid', gap: 3, p: 2, pt: 3.5, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
      {settings.vip.plans.map((plan) => (
        <VipPlanCard key={plan.id} plan={plan as VipPlan} onChoose={noop} />
      ))}
    </Box>
  ),
  Legal: ({ settings, document }) => (
    <Box sx={{ p: 2 }}>
      <LegalDocumentPanel document={settings.legal[document]} legal={settings.legal} />
    </Box>
  ),
};

/** /admin/site and its parts (/admin/site/vip). */
export function AdminSiteTabWithPreviews() {
  return <AdminSiteTab previews={sitePreviews} />;
}
