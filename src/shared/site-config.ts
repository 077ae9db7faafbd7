// The one module that holds the brand. Another label family re-brands the product by editing this
// file alone: nothing brand-specific lives anywhere else.

export interface LabelConfig {
  /** Canonical id used in the API and the database. */
  id: string;
  /** Short form used in site paths (/records, /tech, /deep). */
  short: string;
  /** Numeric id of the original API (1 / 2 / 3). */
  number: number;
  name: string;
  /** Name as the distributor export spells it in its "Label Name" column. */
  distributorName: string;
  accent: string;
}

export const siteConfig = {
  productName: 'Build It Records',
  labels: [
    {
      id: 'buildit-records',
      short: 'records',
      number: 1,
      name: 'Build It Records',
      distributorName: 'Build It Records',
      accent: '#02FF95',
    },
    {
      id: 'buildit-tech',
      short: 'tech',
      number: 2,
      name: 'Build It Tech',
      distributorName: 'Build It Tech',
      accent: '#FF0000',
    },
    {
      id: 'buildit-deep',
      short: 'deep',
      number: 3,
      name: 'Build It Deep',
      distributorName: 'Build It Deep',
      accent: '#00BFFF',
    },
  ] satisfies LabelConfig[],
  /** The label a path without a known label segment belongs to. */
  defaultLabelShort: 'records',
  theme: {
    primary: '#1DB954',
    background: '#000000',
    card: '#000000',
    text: '#FFFFFF',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    textTertiary: 'rgba(255, 255, 255, 0.5)',
    border: 'rgba(255, 255, 255, 0.1)',
  },
} as const;

export type SiteConfig = typeof siteConfig;
