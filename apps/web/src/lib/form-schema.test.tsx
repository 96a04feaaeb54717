import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withScreenChecks } from './form-schema';

const request = z.object({
  amount: z.preprocess((value) => (value === '' ? undefined : Number(value)), z.number({ error: 'Not a number' })),
  name: z.string().min(1, { error: 'Name is required' }),
});

const form = withScreenChecks(request, ['amount'], (values, add) => {
  if (values.amount.trim() === '') add('amount', 'Enter an amount');
  if (Number(values.amount) > 10) add('amount', 'At most 10');
});

const resolve = (values: { amount: string; name: string }) =>
  zodResolver(form)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('withScreenChecks', () => {
  it('gives the parsed request when the screen and the request agree', async () => {
    expect(await resolve({ amount: '5', name: 'Asha' })).toEqual({ values: { amount: 5, name: 'Asha' }, errors: {} });
  });

  it("shows the screen's message on a field first, and the request's on the others", async () => {
    const { errors } = await resolve({ amount: '', name: '' });
    expect(errors.amount?.message).toBe('Enter an amount');
    expect(errors.name?.message).toBe('Name is required');
  });

  it("refuses on the screen's check alone, while the request parses", async () => {
    const { values, errors } = await resolve({ amount: '11', name: 'Asha' });
    expect(values).toEqual({});
    expect(errors.amount?.message).toBe('At most 10');
    expect(errors.name).toBeUndefined();
  });
});
