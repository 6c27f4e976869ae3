import { zodResolver } from '@hookform/resolvers/zod';
import type { CreateTeamRequest } from '@auction/contracts';
import { TEAM_NUMBER_MAX, TEAM_NUMBER_MIN } from '@auction/domain';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.js';
import { Button, Modal, NumberField, TextField } from '../../../shared/ui/index.js';
import {
  createTeamFormSchema,
  emptyCreateTeamForm,
  teamFieldOfServerMessage,
  toCreateTeamRequest,
  type CreateTeamFormInput,
  type CreateTeamFormValues,
} from '../admin-forms.js';

export interface CreateTeamModalProps {
  /** Creates the team; a rejection (`{ status, message }`, e.g. 409 for a taken number) is shown on the form. */
  onSubmit: (request: CreateTeamRequest) => Promise<void>;
  onClose: () => void;
}

export function CreateTeamModal({ onSubmit, onClose }: CreateTeamModalProps) {
  const formId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateTeamFormInput, unknown, CreateTeamFormValues>({
    resolver: zodResolver(createTeamFormSchema),
    defaultValues: emptyCreateTeamForm,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(toCreateTeamRequest(values));
    } catch (error) {
      const message = errorMessage(error, 'Failed to create team');
      const field = teamFieldOfServerMessage(message);
      if (field) setError(field, { message }, { shouldFocus: true });
      else setError('root.server', { message });
    }
  });

  return (
    <Modal
      title="Create New Team"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            Create Team
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Team Name"
          placeholder="e.g. Gridiron Giants"
          autoComplete="off"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <NumberField
          label="Team Number"
          placeholder={`${TEAM_NUMBER_MIN}-${TEAM_NUMBER_MAX}`}
          min={TEAM_NUMBER_MIN}
          max={TEAM_NUMBER_MAX}
          step={1}
          required
          hint={`A number from ${TEAM_NUMBER_MIN} to ${TEAM_NUMBER_MAX}; two teams of one draft cannot share it.`}
          error={errors.teamNumber?.message}
          {...register('teamNumber')}
        />
        {errors.root?.server && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
