import CheckIcon from '@mui/icons-material/Check';
import { Box, Button, Card, CardActions, CardContent, Chip, List, ListItem, ListItemIcon, ListItemText, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import type { VipPlan } from '../../../../shared/api/vip.js';

export function formatPrice(plan: VipPlan): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: plan.currency }).format(plan.price);
}

/**
 * One VIP plan: name, price per period, badge, MOST POPULAR mark, features and a subscribe button;
 * the visitor's own plan says so instead (docs/product.md §2.13). Without `onChoose` (payments not
 * open: docs/decisions/0099) it shows what the plan gives, with no price to pay and no button.
 */
export function VipPlanCard({ plan, isCurrent = false, onChoose }: { plan: VipPlan; isCurrent?: boolean; onChoose?: () => void }) {
  const headingId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        overflow: 'visible',
        borderColor: plan.isPopular ? 'primary.main' : 'divider',
        borderWidth: plan.isPopular ? 2 : 1,
      }}
    >
      {plan.isPopular && (
        <Chip
          label="MOST POPULAR"
          color="primary"
          size="small"
          sx={{ position: 'absolute', top: -12, left: '50%', transform: 'translateX(-50%)', fontWeight: 700 }}
        />
      )}
      <CardContent sx={{ flexGrow: 1, pt: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
          <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {plan.name}
          </Typography>
          {plan.badge && <Chip label={plan.badge} color="primary" variant="outlined" size="small" />}
        </Stack>
        {onChoose && (
          <Typography component="p" sx={{ mb: 2 }}>
            <Box component="span" sx={{ fontSize: '2rem', fontWeight: 800 }}>
              {formatPrice(plan)}
            </Box>
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {`/${plan.period}`}
            </Box>
          </Typography>
        )}
        <List dense disablePadding>
          {plan.features.map((feature) => (
            <ListItem key={feature} disableGutters>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <CheckIcon fontSize="small" color="primary" />
              </ListItemIcon>
              <ListItemText primary={feature} />
            </ListItem>
          ))}
        </List>
      </CardContent>
      {onChoose && (
        <CardActions sx={{ p: 2, pt: 0 }}>
          {isCurrent ? (
            <Button fullWidth variant="outlined" disabled startIcon={<CheckIcon />}>
              Your plan
            </Button>
          ) : (
            <Button fullWidth variant={plan.isPopular ? 'contained' : 'outlined'} onClick={onChoose} aria-label={`Subscribe to ${plan.name}`}>
              Subscribe
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
