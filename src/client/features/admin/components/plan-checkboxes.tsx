import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { vipPlans } from '../../../../shared/api/vip.js';

/**
 * A form's choice of VIP plans (a list of plan ids) as one checkbox per plan of the site configuration,
 * under `legend`, with the field's error; the first box takes the focus when the field is invalid.
 */
export function PlanCheckboxes<T extends FieldValues>({ control, name, legend }: { control: Control<T>; name: Path<T>; legend: string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const chosen = field.value as string[];
        return (
          <FormControl component="fieldset" error={Boolean(fieldState.error)}>
            <FormLabel component="legend">{legend}</FormLabel>
            <FormGroup row>
              {vipPlans.map((plan) => (
                <FormControlLabel
                  key={plan.id}
                  label={plan.name}
                  control={
                    <Checkbox
                      checked={chosen.includes(plan.id)}
                      onChange={(event) => field.onChange(event.target.checked ? [...chosen, plan.id] : chosen.filter((id) => id !== plan.id))}
                      slotProps={{ input: { ref: plan === vipPlans[0] ? field.ref : undefined } }}
                    />
                  }
                />
              ))}
            </FormGroup>
            {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
          </FormControl>
        );
      }}
    />
  );
}
