// The one module that holds the brand. Another label family re-brands the product by editing this
// file alone: nothing brand-specific lives anywhere else.

export interface SocialLinks {
  facebook: string;
  instagram: string;
  youtube: string;
  soundcloud: string;
}

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
  tagline: string;
  description: string;
  /** Subtitle of the playlists page. */
  playlistsSubtitle: string;
  social: SocialLinks;
  /** How its emails are signed (the address itself is MAIL_FROM) and where replies go. */
  email: { fromName: string; replyTo: string };
}

/** How many days before an upcoming release's date active VIP members stream its previews (docs/decisions/0064). */
const vipEarlyAccessDays = 7;

export const siteConfig = {
  /**
   * The labels' time zone (IANA name): a release dated D goes public at midnight starting D here, and
   * is "upcoming" until then (docs/decisions/0081).
   */
  timeZone: 'UTC',
  /** docs/product.md §1 About page ("Our Story"). */
  about: {
    heading: 'Our Story',
    paragraphs: [
      'Build It Records was founded in 2015 and put out its first release on 3 March 2015.',
      'It is the parent label of Build It Deep and Build It Tech, and the home of house music made for the underground.',
    ],
  },
  labels: [
    {
      id: 'buildit-records',
      short: 'records',
      number: 1,
      name: 'Build It Records',
      distributorName: 'Build It Records',
      accent: '#02FF95',
      tagline: 'House Music For The Underground',
      description:
        'The home of Build It: house music made for small rooms, long nights and the people who stay until the lights come on.',
      playlistsSubtitle: 'House Music Playlists',
      social: {
        facebook: 'https://www.facebook.com/builditrecords',
        instagram: 'https://www.instagram.com/builditrecords',
        youtube: 'https://www.youtube.com/@builditrecords',
        soundcloud: 'https://soundcloud.com/builditrecords',
      },
      email: { fromName: 'Build It Records', replyTo: 'demos@builditrecords.com' },
    },
    {
      id: 'buildit-tech',
      short: 'tech',
      number: 2,
      name: 'Build It Tech',
      distributorName: 'Build It Tech',
      accent: '#FF0000',
      tagline: 'Pushing Boundaries in Tech House',
      description:
        'Build It Tech is the label\'s tech house imprint: rolling grooves, heavy low end and tracks built for the peak of the night.',
      playlistsSubtitle: 'Techno & Tech House Playlists',
      social: {
        facebook: 'https://www.facebook.com/buildittech',
        instagram: 'https://www.instagram.com/buildittech',
        youtube: 'https://www.youtube.com/@buildittech',
        soundcloud: 'https://soundcloud.com/buildittech',
      },
      email: { fromName: 'Build It Tech', replyTo: 'demos@buildittech.com' },
    },
    {
      id: 'buildit-deep',
      short: 'deep',
      number: 3,
      name: 'Build It Deep',
      distributorName: 'Build It Deep',
      accent: '#00BFFF',
      tagline: 'The Soul of Underground House Music',
      description:
        'Build It Deep is the label\'s deep house imprint: warm chords, patient grooves and music for the hours after midnight.',
      playlistsSubtitle: 'Deep House Playlists',
      social: {
        facebook: 'https://www.facebook.com/builditdeep',
        instagram: 'https://www.instagram.com/builditdeep',
        youtube: 'https://www.youtube.com/@builditdeep',
        soundcloud: 'https://soundcloud.com/builditdeep',
      },
      email: { fromName: 'Build It Deep', replyTo: 'demos@builditdeep.com' },
    },
  ] satisfies LabelConfig[],
  /** docs/product.md §2 Submit page guidelines and §9 demo constants. */
  demos: {
    reviewDays: 7,
    guidelines: [
      'Send unreleased, original material only, free of uncleared samples (royalty-free).',
      'WAV files only.',
      'No limiter on the master bus: leave headroom for mastering.',
      'We review every demo within 7 days.',
      'Signed releases split royalties 50/50 between artist and label.',
    ],
  },
  /** The label a path without a known label segment belongs to. */
  defaultLabelShort: 'records',
  /** The site's icon (favicon, touch icons), drawn by the server: the letters on the ground, in the accent. */
  icon: { letters: 'BI', accent: '#02FF95', ground: '#000000' },
  theme: {
    primary: '#1DB954',
    background: '#000000',
    /** The light theme's page background (docs/decisions/0040). */
    lightBackground: '#FAFAFA',
    card: '#000000',
    text: '#FFFFFF',
    textSecondary: 'rgba(255, 255, 255, 0.7)',
    textTertiary: 'rgba(255, 255, 255, 0.5)',
    border: 'rgba(255, 255, 255, 0.1)',
  },
  /** What active VIP members get beyond the plan texts' words (docs/decisions/0064). */
  vip: { earlyAccessDays: vipEarlyAccessDays },
  /**
   * docs/product.md §9 VIP plans. Each feature is what the plan gives (docs/decisions/0064, 0066): built
   * (early access, member downloads, the member page, the discount code staff set for chosen plans) or
   * fulfilled by staff by hand (guest-list spots, to the Premium members Admin Members lists by plan). Promise nothing else. Prices in `currency` per `period`; `isPopular` marks the MOST POPULAR plan. */
  vipPlans: [
    {
      id: 'monthly',
      name: 'Monthly',
      price: 9.99,
      currency: 'USD',
      period: 'month',
      // A recurring price of the label's own Stripe account (`price_…`) that Checkout uses as it is (keep
      // `price`, `currency` and `period` saying the same); null: the site creates the price in Stripe at
      // the plan's first checkout and keeps it (docs/decisions/0067).
      stripePriceId: null,
      badge: null,
      isPopular: false,
      features: [
        `Early access: stream upcoming releases ${vipEarlyAccessDays} days before they come out`,
        'Download the tracks the label marks for members, as uploaded',
        "The members' newsletter by email from the label, whenever it has news (unsubscribe in one click)",
        'A merch discount code on your member page, when the label runs one',
        'Cancel anytime from your member page',
      ],
    },
    {
      id: 'annual',
      name: 'Annual',
      price: 99.99,
      currency: 'USD',
      period: 'year',
      stripePriceId: null,
      badge: 'Save 17%',
      isPopular: true,
      features: ['Everything in Monthly', 'Two months free compared with paying monthly'],
    },
    {
      id: 'premium',
      name: 'Premium',
      price: 199.99,
      currency: 'USD',
      period: 'year',
      stripePriceId: null,
      badge: null,
      isPopular: false,
      features: ['Everything in Annual', 'Guest-list spots at label events, arranged with you by email'],
    },
  ],
  /**
   * The /legal page: terms and privacy policy. The privacy policy lists what the site really stores
   * (database tables, browser keys); keep it in step when that changes.
   */
  legal: {
    lastUpdated: '29 November 2026',
    /** Where people ask about their data, or for it to be deleted. */
    contactEmail: 'privacy@builditrecords.com',
    termsOfService: {
      title: 'Terms of Service',
      sections: [
        {
          heading: 'About these terms',
          paragraphs: [
            'These terms apply to the websites of Build It Records, Build It Tech and Build It Deep ("the label", "we"): browsing and listening, sending a demo and joining VIP. By sending a demo or joining VIP you accept them.',
          ],
        },
        {
          heading: 'Sending a demo',
          paragraphs: [
            'Send only unreleased, original music that you made and own, together with the other artists you list, and that contains no samples you have not cleared. By sending it you confirm this, and that every artist listed agrees to the submission and to the details you give about them.',
            'Send a private SoundCloud link to each track. If we sign a track, we need it as a WAV file (no MP3s) with no limiter on the master bus, so that it can be mastered properly.',
            'We review every demo within 7 business days. If we want to sign a track, we write to the email address of the first artist listed; we cannot answer every demo in person.',
            'Sending a demo gives us no rights in your music. We only listen to it and share it with the label team for review. You keep all rights unless and until you and the label sign a release agreement.',
            'If we sign a track, the release agreement sets out which rights you grant the label to release and promote it, and the royalties are split 50/50 between the artists and the label.',
            'The same track sent again from the same email address is refused as a repeat, and a single address can send only a few demos in a short time.',
          ],
        },
        {
          heading: 'VIP membership',
          paragraphs: [
            'VIP comes in three plans, in US dollars: Monthly at $9.99 per month, Annual at $99.99 per year (17% less than twelve months of Monthly) and Premium at $199.99 per year. What each plan includes is listed on the VIP page.',
            'Payments are not open yet. You can leave your email address on the VIP waiting list: we email you a link to confirm it, and once confirmed we send you one email when payments open, then forget the address (the link in our emails forgets it at once). Members who joined before payments opened get the same email, and nothing is charged unless you confirm the payment yourself.',
            'Joining again with the same email address never creates a second membership and changes nothing by itself: to change your plan, write to us from the email address you joined with, and we confirm the change with you.',
            'You can cancel anytime by writing to us at the contact address below, from the email address you joined with. Once payments are open, cancelling stops the next renewal, and the period you already paid for stays active until it ends.',
          ],
        },
        {
          heading: 'Using the site',
          paragraphs: [
            'The music, artwork and texts on this site belong to the label and its artists. Listen and share links as much as you like; do not copy or republish them without permission.',
            'Do not send forms automatically or in bulk, or try to get around the limits on how often they can be sent.',
          ],
        },
        {
          heading: 'Changes and contact',
          paragraphs: [
            'We may update these terms; the date at the top of this page says when they last changed. Questions about them are welcome at the contact address below.',
          ],
        },
      ],
    },
    privacyPolicy: {
      title: 'Privacy Policy',
      sections: [
        {
          heading: 'In short',
          paragraphs: [
            'We keep only what the site needs to work: what you send us in the demo and VIP forms, the emails we send you, and a few settings in your own browser (one cookie for your theme). We use no advertising and no analytics trackers, and we sell nothing to anyone.',
          ],
        },
        {
          heading: 'Demo submissions',
          paragraphs: [
            'When you send a demo we store, in our database: the label you sent it to; for every artist listed, their full name, artist name, email address, country, province or state, city and the links to their Facebook, Twitter, Instagram, SoundCloud, Spotify and Apple Music pages (or that they have none); for every track, its name, genre and private SoundCloud link; and the date you sent it and its review status.',
            'We use it to listen to your music, to contact the first artist about the demo, and to recognise a track that was already sent. We never download or follow the links on our server; the label team opens them to listen.',
            'We also store a private random code for the demo\'s status link, emailed with the receipt, so that you can see its status without an account.',
          ],
        },
        {
          heading: 'Emails we send',
          paragraphs: [
            'Every email we send (the demo receipt and decisions, the VIP welcome and membership emails, the members\' newsletter, the "Notify me" confirmation and release-day email, the VIP waiting list\'s confirmation and its one email when payments open, and the invitations and daily digest of new demos for label staff) is first written to our outbox: its recipients, subject, text, status and dates. We keep a sent email\'s text for 90 days, so that staff can read what was sent and send it again if it failed; after that only its recipients, subject, status and dates remain.',
            'When you ask to be told when an upcoming release is out ("Notify me"), we store your email address, that release, a private random code for the link in our emails, and when you asked and confirmed. Without your confirmation we send nothing more. On the release day we send you one email and then delete your address for that release, confirmed or not; the link in our emails deletes it at once.',
            'When you leave your email address on the VIP waiting list, we store it with a private random code for the link in our emails and when you asked and confirmed. Without your confirmation we send nothing more. When payments open we send you one email and then delete your address, confirmed or not; the link in our emails deletes it at once.',
            "When you unsubscribe from a mailing list (the members' newsletter, the VIP waiting list's email, or the staff digest) we keep your address and that list, so that nothing more of it is sent to you; your membership emails (receipts, payment problems, renewals) still come. Label staff may give their own email address and choose the labels of their digest in the admin area.",
          ],
        },
        {
          heading: 'VIP members',
          paragraphs: [
            'When you join VIP we store your name, email address, plan, membership status (pending payment until payments open) and the dates you joined and last changed your plan. We use them to keep your membership and to email you about it, including when payments open.',
          ],
        },
        {
          heading: 'Label staff',
          paragraphs: [
            'For each staff account of the admin area we store its username, a one-way hash of its password, its role (owner, editor or A&R), its email address if given, the labels of its digest of new demos, and when it was made and last signed in. For each invitation to join the staff we store the invited address and role, who invited them, when, and a one-way hash of the link\'s code (never the code itself). An account, and the invitations to its address, are deleted when an owner removes it; an invitation is deleted when it is cancelled or replaced.',
          ],
        },
        {
          heading: 'Server logs and limits',
          paragraphs: [
            'Like every website, our server records each request it answers (the page or address asked for, without the private code of a link from our emails; the time and your IP address) to keep the site running and secure. To stop abuse of the forms, it counts the requests from each IP address for 10 minutes, in memory only.',
            'When you play a track we count the play. To count each listener once, we store a one-way hash of your IP address and of your browser\'s random player id (never the address or the id themselves) with the track and the time.',
          ],
        },
        {
          heading: 'Stored in your browser',
          paragraphs: [
            'The site keeps one cookie and these entries in your browser\'s local storage. They stay on your device (the cookie is sent to our server only to draw pages in your theme) and you can remove them at any time by clearing this site\'s data in your browser.',
          ],
          items: [
            {
              term: 'theme (cookie)',
              text: 'Set when you switch between the dark and the light theme, for one year: whether you chose dark or light, so that every page is drawn in your choice from the start.',
            },
            {
              term: 'player',
              text: 'The player\'s queue, the track playing, the position in it and the volume, so that the player picks up where you left off.',
            },
            {
              term: 'clientId',
              text: 'A random id of this browser, made when you first play a track, so that plays are counted once per listener (our server keeps only its hash).',
            },
            {
              term: 'vipSubscriptionStatus',
              text: 'After you join VIP: that you joined, your plan, your email address and when you joined, so that the VIP page can show your membership on this device.',
            },
            {
              term: 'spotify_auth_state',
              text: 'While you connect your Spotify account: a random code that checks that the answer coming back from Spotify belongs to your own request. Removed once used.',
            },
            {
              term: 'spotify_code_verifier',
              text: 'While you connect your Spotify account: the secret half of the secure login exchange with Spotify. Removed once used.',
            },
            {
              term: 'spotifyToken',
              text: 'After you connect your Spotify account: the access key Spotify gives this site, so that it can check your account type and play music for you. It is used only between your browser and Spotify; our server never receives it.',
            },
            {
              term: 'spotifyTokenExpiry',
              text: 'When that access key runs out, so that the site renews it in time or forgets it.',
            },
            {
              term: 'spotifyRefreshToken',
              text: 'The key Spotify gives to renew the access key without asking you to log in again.',
            },
            {
              term: 'authToken',
              text: 'Only for label staff: set when they log in to the admin area, and it marks the browser as logged in. It expires after 12 hours and is removed on Log out.',
            },
            {
              term: 'adminToken',
              text: 'Only for label staff: the same login, sent to our server with admin requests to show that they are allowed.',
            },
          ],
        },
        {
          heading: 'Other services',
          paragraphs: [
            'When you play a track, listen on Spotify or follow a link to a social network, your browser talks to that service directly, and its own privacy policy applies. Nothing from our database is shared with it.',
          ],
        },
        {
          heading: 'Your data, your choice',
          paragraphs: [
            'Write to us at the contact address below, from the email address you used, to see what we hold about you, to correct it, or to have your demo or membership deleted; we do it within 30 days. We keep demos and memberships only as long as they are useful to you and the label, and delete them when you ask.',
          ],
        },
      ],
    },
  },
} as const;

export type SiteConfig = typeof siteConfig;
