import { roleLabels } from '@app/domain/roles';
import { type AddUserForm as AddUserValues, addUserForm } from '@app/domain/users.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { draftKeys, draftValues, useFormDraft } from '@/lib/form-draft';
import { useCreateUser } from '../api/create-user';

const defaultValues: AddUserValues = {
  name: '',
  email: '',
  role: 'counsellor',
  contactNum: '',
  branch: '',
  commission: '',
  dob: '',
  password: '',
  confirmPassword: '',
};

const roleOptions = (['counsellor', 'teacher'] as const).map((role) => ({ value: role, label: roleLabels[role] }));

function isFormField(path: string): path is keyof AddUserValues {
  return path in defaultValues;
}

/** SPEC §2/§5 Add User: validated live and on submit with the shared `addUserForm` schema. */
export function AddUserForm({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const createUser = useCreateUser();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    trigger,
    getFieldState,
    watch,
    formState: { errors },
  } = useForm({ resolver: zodResolver(addUserForm), mode: 'onChange', defaultValues });
  // What was typed survives an ended session; the passwords are never stored.
  const draft = useFormDraft({ key: draftKeys.addUser, watch, excluded: ['password', 'confirmPassword'] });
  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    reset(draftValues(found, defaultValues));
    toast.success(DRAFT_LOADED);
  };
  const isCounsellor = useWatch({ control, name: 'role' }) === 'counsellor';
  const today = new Date().toISOString().slice(0, 10);

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...user }) =>
    createUser.mutate(user, {
      onSuccess: (response) => {
        toast.success(response.message);
        // The form closes: its draft goes with it.
        draft.finish();
        onClose();
      },
      onError: (error) => {
        for (const issue of error instanceof ApiError ? error.issues : []) {
          if (isFormField(issue.path)) setError(issue.path, { message: issue.message });
        }
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-user-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="add-user-title" className="mb-4 text-lg font-semibold text-slate-900">
        Add User
      </h2>
      {draft.offer && (
        <div className="mb-4">
          <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Input label="Name" autoComplete="off" required error={errors.name?.message} {...register('name')} />
        <Input
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <Select label="Role" options={roleOptions} error={errors.role?.message} {...register('role')} />
        <Input
          label="Contact Number"
          type="tel"
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          required
          error={errors.contactNum?.message}
          {...register('contactNum')}
        />
        {isCounsellor && (
          <>
            <Input label="Branch" required error={errors.branch?.message} {...register('branch')} />
            <Input
              label="Commission (%)"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.01}
              hint="Optional, from 0 to 100"
              error={errors.commission?.message}
              {...register('commission')}
            />
          </>
        )}
        <Input
          label="Date of Birth"
          type="date"
          max={today}
          required
          error={errors.dob?.message}
          {...register('dob')}
        />
        <div className="hidden sm:block" />
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          {...register('password', {
            onChange: () => getFieldState('confirmPassword').isDirty && trigger('confirmPassword'),
          })}
        />
        <Input
          label="Re-enter Password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={createUser.isPending}>
          Create User
        </Button>
      </div>
    </form>
  );
}
