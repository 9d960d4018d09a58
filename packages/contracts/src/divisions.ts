import { z } from 'zod';
import { text } from './text.js';
import { validationMessage as vm } from './messages.js';
import { idField, requiredString } from './fields.js';

export const divisionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number(),
  createdAt: z.string(),
});
export type Division = z.infer<typeof divisionSchema>;
export const divisionListSchema = z.object({ data: z.array(divisionSchema) });
export const divisionBodySchema = z.object({
  name: requiredString('name').max(60, vm.max('name', 60)),
  description: text().trim().max(512, vm.max('description', 512)).default(''),
});

export const divisionIdParamsSchema = z.object({ id: idField });
/** PATCH: only the fields sent change (no defaults, so a rename keeps the description). */
export const divisionUpdateBodySchema = z.object({
  name: requiredString('name').max(60, vm.max('name', 60)).optional(),
  description: text().trim().max(512, vm.max('description', 512)).optional(),
});
