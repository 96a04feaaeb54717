import { messages } from '@app/domain/messages';
import { roleLabels } from '@app/domain/roles';
import { type AddUserForm as AddUserValues, addUserForm } from '@app/domain/users.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { FormCard } from '@/components/ui/form-card';
import { Input, percentInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { draftKeys, draftValues, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder } from '@/lib/form-schema';
import { useCreateUser } from '../api/create-user';
import { PasswordFields } from './password-fields';

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
  const form = useForm({ resolver: zodResolver(addUserForm), mode: 'onChange', defaultValues });
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = form;
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

  const bind = fieldBinder(register, errors);

  const onSubmit = handleSubmit(({ confirmPassword: _confirm, ...user }) =>
    createUser.mutate(user, {
      onSuccess: (response) => {
        toast.success(response.message);
        // The form closes: its draft goes with it.
        draft.finish();
        onClose();
      },
      // SPEC §8 Users: the server's message, else 'Something went wrong'; field issues on their fields.
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: isFormField,
          toastError: toast.error,
          fallback: messages.somethingWentWrong,
        }),
    }),
  );

  return (
    <FormCard
      id="add-user"
      title="Add User"
      onSubmit={onSubmit}
      submitLabel="Create User"
      isSubmitting={createUser.isPending}
      onCancel={onClose}
      notice={draft.offer && <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />}
    >
      <Input label="Name" autoComplete="off" required {...bind('name')} />
      <Input label="Email" type="email" inputMode="email" autoComplete="off" required {...bind('email')} />
      <Select label="Role" options={roleOptions} {...bind('role')} />
      <Input
        label="Contact Number"
        type="tel"
        inputMode="numeric"
        maxLength={10}
        autoComplete="off"
        required
        {...bind('contactNum')}
      />
      {isCounsellor && (
        <>
          <Input label="Branch" required {...bind('branch')} />
          <Input label="Commission (%)" {...percentInput} hint="Optional, from 0 to 100" {...bind('commission')} />
        </>
      )}
      <Input label="Date of Birth" type="date" max={today} required {...bind('dob')} />
      <div className="hidden sm:block" />
      <PasswordFields form={form} label="Password" />
    </FormCard>
  );
}
