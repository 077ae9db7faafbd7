import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { demoFormSchema, type DemoForm } from '../../../../shared/api/demos.js';
import type { DemoFormValues } from './demo-form-values.js';

// The shared schema validates the form as the server does: one set of rules and messages. Its input
// type says termsAccepted is `true`; the form holds false until the box is ticked. Loaded with zod when
// the form is first checked (demo-form.tsx).
export const demoFormResolver = zodResolver(demoFormSchema) as unknown as Resolver<DemoFormValues, unknown, DemoForm>;
