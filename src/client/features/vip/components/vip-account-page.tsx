import { Alert, Box, Button, CircularProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import type { VipAccount } from '../../../../shared/api/vip-account.js';
import { vipMemberStatusLabels } from '../../../../shared/api/admin-members.js';
import { ApiError } from '../../../lib/api-client.js';
import { memberSessionQuery } from '../../../lib/member-session.js';
import { askSignInLink, openBillingPortal, signOut, vipAccountQuery } from '../api/vip-account.js';
import { dayInWords } from '../../../../shared/domain/day-in-words.js';
import { MemberNewsletterSetting } from './member-newsletter-setting.js';
import { MemberPerksSection } from './member-perks-section.js';

const money = (amount: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);

const isSignedOut = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * /vip/account: a member's own page (docs/decisions/0063). Signed out, it asks for the emailed
 * sign-in link; signed in, it shows the plan, status, renewal or end date, what the plan gives (the
 * discount code, downloads and early access: docs/decisions/0066), the members' newsletter setting and invoices, and "Manage billing"
 * opens Stripe's Billing Portal (change plan, card, cancel).
 */
export function VipAccountPage() {
  // Signed in at all first (a 200 either way): the account's 401 to a visitor is an error the browser logs.
  const session = useQuery({ ...memberSessionQuery, retry: 2 });
  const isMember = Boolean(session.data?.data);
  const account = useQuery({ ...vipAccountQuery, enabled: isMember, retry: (count, failure) => !isSignedOut(failure) && count < 2 });
  const isVisitor = session.data?.data === null || isSignedOut(account.error);
  const error = session.error ?? account.error;
  return (
    <Box sx={{ p: { xs: 2, md: 4 }, maxWidth: 820 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3, fontSize: { xs: '1.75rem', md: '2.125rem' } }}>
        Your VIP account
      </Typography>
      {isVisitor ? (
        <SignInForm />
      ) : error ? (
        <Alert severity="error">We could not load your account. Please try again later.</Alert>
      ) : account.isSuccess ? (
        <Account account={account.data.data} />
      ) : (
        <SignInForm checking />
      )}
    </Box>
  );
}

/**
 * The emailed sign-in. `checking`: whether the visitor is signed in is not known yet (the server renders
 * this page without the member's cookie, which only /api/vip receives): the form shows, waiting.
 */
function SignInForm({ checking = false }: { checking?: boolean }) {
  const [email, setEmail] = useState('');
  const ask = useMutation({ mutationFn: askSignInLink });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(email);
  };
  const sent = ask.data?.message ?? null;
  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} sx={{ maxWidth: 440 }}>
      <Typography>Sign in with a link we email you: no password needed.</Typography>
      {checking && (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2" color="text.secondary">
            Checking whether you are signed in…
          </Typography>
        </Stack>
      )}
      {sent && (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      )}
      {ask.error && <Alert severity="error">{ask.error.message}</Alert>}
      <TextField label="Email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} disabled={checking} />
      <Box>
        <Button type="submit" variant="contained" disabled={checking || ask.isPending}>
          Email me a sign-in link
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {'Not a member yet? '}
        <Link component={RouterLink} to="/vip">
          Join VIP
        </Link>
      </Typography>
    </Stack>
  );
}

function periodSentence(account: VipAccount): string | null {
  const end = account.current_period_end;
  if (!end) return null;
  if (account.status === 'active') return account.cancel_at_period_end ? `Cancelled: your membership stays active until ${dayInWords(end)}.` : `Renews on ${dayInWords(end)}.`;
  if (account.status === 'past_due') return 'Your last payment failed: update your card in billing to keep your membership.';
  if (account.status === 'paused') return 'Your membership is paused: resume it in billing.';
  if (account.status === 'canceled') return `Ended on ${dayInWords(end)}.`;
  return null;
}

function Account({ account }: { account: VipAccount }) {
  const queryClient = useQueryClient();
  const billing = useMutation({ mutationFn: openBillingPortal, onSuccess: (answer) => window.location.assign(answer.data.url) });
  const out = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      queryClient.setQueryData(memberSessionQuery.queryKey, { success: true, data: null });
      queryClient.removeQueries({ queryKey: vipAccountQuery.queryKey });
    },
  });
  const { plan } = account;
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {`${plan.name ?? plan.id}${plan.price !== null && plan.currency ? `, ${money(plan.price, plan.currency)}/${plan.period ?? ''}` : ''}`}
        </Typography>
        <Typography color="text.secondary">{`${account.name} · ${account.email}`}</Typography>
        <Typography sx={{ mt: 1 }}>
          <strong>{vipMemberStatusLabels[account.status]}</strong>
          {periodSentence(account) ? ` · ${periodSentence(account)}` : ''}
        </Typography>
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {account.can_manage_billing && (
          <Button variant="contained" onClick={() => billing.mutate()} disabled={billing.isPending}>
            Manage billing
          </Button>
        )}
        {(account.status === 'canceled' || account.status === 'pending_payment') && (
          <Button variant="outlined" component={RouterLink} to="/vip">
            {account.status === 'canceled' ? 'Join again' : 'Join VIP'}
          </Button>
        )}
        <Button onClick={() => out.mutate()} disabled={out.isPending}>
          Sign out
        </Button>
      </Stack>
      {billing.error && <Alert severity="error">{billing.error.message}</Alert>}
      <MemberPerksSection account={account} />
      <MemberNewsletterSetting account={account} />
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Invoices
        </Typography>
        {account.invoices.length === 0 ? (
          <Typography color="text.secondary">No invoices yet.</Typography>
        ) : (
          <Table size="small" aria-label="Invoices">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Invoice</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {account.invoices.map((invoice) => (
                <TableRow key={invoice.id}>
                  <TableCell>{dayInWords(invoice.created_at)}</TableCell>
                  <TableCell>{money(invoice.amount, invoice.currency)}</TableCell>
                  <TableCell>{invoice.status ?? '—'}</TableCell>
                  <TableCell>
                    {invoice.url ? (
                      <Link href={invoice.url} target="_blank" rel="noopener noreferrer">
                        {invoice.number ?? 'View'}
                      </Link>
                    ) : (
                      (invoice.number ?? '—')
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
    </Stack>
  );
}
