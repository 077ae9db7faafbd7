import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import type { LabelConfig } from '../../../../shared/site-config.js';
import { currentSiteSettings } from '../../../../shared/site-settings.js';
import { dayInWords } from '../../../../shared/domain/day-in-words.js';
import { EmailLayout, buttonStyle, headingStyle, paragraphStyle } from './email-layout.js';
import { listInWords, quoted } from '../../../../shared/domain/words.js';

/** An order as its emails tell it (issue 36, docs/decisions/0105). */
export interface OrderEmailProps {
  label: LabelConfig;
  email: string;
  /** The release as its page titles it, and its artists in words. */
  releaseTitle: string;
  artistNames: string;
  /** An order of one track sold alone: its title (with its mix); the emails name it from its release. */
  trackTitle?: string;
  /** The buyer's download page, `{PUBLIC_URL}/orders/{token}`. */
  orderUrl: string;
  /** A pre-order: the release day in words; its downloads open then. */
  preOrderDay?: string;
  /** A pre-order's instant grats, as their titles: they download at once. */
  instantGrats?: string[];
}

/** What was paid, as the receipt states it (docs/decisions/0105). */
export interface OrderReceipt {
  /** In the currency's major unit, tax included when Stripe Tax added any. */
  amount: number;
  currency: string;
  paidAt: Date;
  /** Stripe's Checkout Session: the reference to quote. */
  reference: string;
  /** The VIP members' discount (percent) taken off the price at Checkout; null for none. */
  vipDiscountPercent: number | null;
}

/** What was bought, in words: “Release”, or a track's “Track” from “Release”. */
const bought = ({ releaseTitle, trackTitle }: Pick<OrderEmailProps, 'releaseTitle' | 'trackTitle'>) => (trackTitle ? `${quoted(trackTitle)} from ${quoted(releaseTitle)}` : quoted(releaseTitle));

export function orderReceiptSubject({ releaseTitle, trackTitle }: Pick<OrderEmailProps, 'releaseTitle' | 'trackTitle'>): string {
  return `Your receipt: ${quoted(trackTitle ?? releaseTitle)}`;
}

/** The receipt of a paid order, with the link to its download page (or, for a pre-order, the day it opens). */
export function OrderReceiptEmail({ label, email, releaseTitle, trackTitle, artistNames, orderUrl, preOrderDay, instantGrats = [], receipt }: OrderEmailProps & { receipt: OrderReceipt }) {
  const atOnce = listInWords(instantGrats.map(quoted));
  const what = bought({ releaseTitle, trackTitle });
  return (
    <EmailLayout
      label={label}
      preview={preOrderDay ? (atOnce ? `Pre-ordered: ${atOnce} now, the rest on ${preOrderDay}.` : `Pre-ordered: your downloads open on ${preOrderDay}.`) : 'Thank you: your downloads are ready.'}
      reason={`You get this email because ${email} bought music on our website. Questions about this order: ${currentSiteSettings().legal.contactEmail}.`}
    >
      <Heading as="h1" style={headingStyle}>
        Thank you
      </Heading>
      <Text style={paragraphStyle}>
        {preOrderDay
          ? atOnce
            ? `You pre-ordered ${what} by ${artistNames} on ${label.name}. Download ${atOnce} now, from your order page. It comes out on ${preOrderDay}: that day we email you again, and the rest opens on the same page.`
            : `You pre-ordered ${what} by ${artistNames} on ${label.name}. It comes out on ${preOrderDay}: that day we email you again, and your downloads open on this page.`
          : `You bought ${what} by ${artistNames} on ${label.name}. Download it from your order page, in the format you choose.`}
      </Text>
      <Text style={paragraphStyle}>
        Receipt: {receipt.currency} {receipt.amount.toFixed(2)} paid on {dayInWords(receipt.paidAt)}
        {receipt.vipDiscountPercent ? `, VIP discount ${receipt.vipDiscountPercent}%` : ''} (reference {receipt.reference}). Prices include any tax due.
      </Text>
      <Button href={orderUrl} style={buttonStyle(label)}>
        Your order
      </Button>
      <Text style={paragraphStyle}>Keep this email: the button is your link to your downloads. {orderUrl}</Text>
    </EmailLayout>
  );
}

export function orderDownloadsSubject({ releaseTitle, trackTitle }: Pick<OrderEmailProps, 'releaseTitle' | 'trackTitle'>): string {
  return `Your downloads: ${quoted(trackTitle ?? releaseTitle)}`;
}

/** The link to the download page: a pre-order's on its release day, a redeemed code's, or one staff sent again. */
export function OrderDownloadsEmail({ label, email, releaseTitle, trackTitle, artistNames, orderUrl }: OrderEmailProps) {
  return (
    <EmailLayout
      label={label}
      preview="Your downloads are ready."
      reason={`You get this email because ${email} bought, pre-ordered or redeemed a code for music on our website. Questions: ${currentSiteSettings().legal.contactEmail}.`}
    >
      <Heading as="h1" style={headingStyle}>
        Your downloads are ready
      </Heading>
      <Text style={paragraphStyle}>
        {bought({ releaseTitle, trackTitle })} by {artistNames} on {label.name} is yours to download, in the format you choose.
      </Text>
      <Button href={orderUrl} style={buttonStyle(label)}>
        Download
      </Button>
      <Text style={paragraphStyle}>Keep this email: the button is your link to your downloads. {orderUrl}</Text>
    </EmailLayout>
  );
}

/** One order in the email of fresh links: its release, its page, and for a pre-order the day its downloads open. */
export interface OrderLink extends Pick<OrderEmailProps, 'releaseTitle' | 'trackTitle' | 'artistNames' | 'orderUrl' | 'preOrderDay'> {
  labelName: string;
}

export function orderLinksSubject(): string {
  return 'Your order links';
}

/** "Lost your link?": a link to each paid order of the address that asked (issue 36). */
export function OrderLinksEmail({ label, email, orders }: { label: LabelConfig; email: string; orders: OrderLink[] }) {
  return (
    <EmailLayout
      label={label}
      preview="The links to your orders, as you asked."
      reason={`You get this email because someone asked on our website for the order links of ${email}. If it was not you, you can ignore it. Questions: ${currentSiteSettings().legal.contactEmail}.`}
    >
      <Heading as="h1" style={headingStyle}>
        Your orders
      </Heading>
      <Text style={paragraphStyle}>Here is the link to each order of {email}. Each opens its download page.</Text>
      {orders.map((order) => (
        <Text key={order.orderUrl} style={paragraphStyle}>
          <Link href={order.orderUrl}>{`${bought(order)} by ${order.artistNames}`}</Link>
          {` on ${order.labelName}${order.preOrderDay ? `: pre-ordered, downloads open on ${order.preOrderDay}` : ''}. ${order.orderUrl}`}
        </Text>
      ))}
      <Text style={paragraphStyle}>Keep this email: these links are your way back to your downloads.</Text>
    </EmailLayout>
  );
}
