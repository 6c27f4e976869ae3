import {
  DEFAULT_DRAFT_SETTINGS,
  MIN_BID,
  PLAYERS_PER_TEAM_MAX,
  PLAYERS_PER_TEAM_MIN,
  TEAMS_COUNT_MAX,
  TEAMS_COUNT_MIN,
} from '@auction/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../../shared/api/api-error.js';
import { Button, Modal, NumberField, TextField } from '../../../shared/ui/index.js';
import {
  createDraftFormSchema,
  emptyCreateDraftForm,
  toCreateDraftRequest,
  type CreateDraftFormInput,
  type CreateDraftFormValues,
} from '../admin-forms.js';
import type { CreateDraftRequest } from '@auction/contracts';

const DEFAULTS_TEXT = `Auction draft. Defaults: ${DEFAULT_DRAFT_SETTINGS.teamsCount} teams, ${DEFAULT_DRAFT_SETTINGS.playersPerTeam} players per team, $${DEFAULT_DRAFT_SETTINGS.budgetPerTeam} each.`;

export interface CreateDraftModalProps {
  /** Creates the draft; a rejection (`{ status, message }`) keeps the dialog open and shows the message. */
  onSubmit: (request: CreateDraftRequest) => Promise<void>;
  onClose: () => void;
}

export function CreateDraftModal({ onSubmit, onClose }: CreateDraftModalProps) {
  const formId = useId();
  const settingsId = useId();
  const [showSettings, setShowSettings] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateDraftFormInput, unknown, CreateDraftFormValues>({
    resolver: zodResolver(createDraftFormSchema),
    defaultValues: emptyCreateDraftForm,
  });

  const submit = handleSubmit(
    async (values) => {
      try {
        await onSubmit(toCreateDraftRequest(values));
      } catch (error) {
        setError('root.server', { message: errorMessage(error, 'Failed to create draft') });
      }
    },
    // A settings error is invisible while the section is folded: unfold it.
    (invalid) => {
      if (invalid.settings) setShowSettings(true);
    },
  );

  return (
    <Modal
      title="Create New Draft"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={isSubmitting}>
            Create Draft
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          label="Draft Name"
          placeholder="e.g. 2025 League Auction"
          autoComplete="off"
          required
          error={errors.name?.message}
          {...register('name')}
        />

        <div className="rounded-lg ring-1 ring-slate-200">
          <button
            type="button"
            aria-expanded={showSettings}
            aria-controls={settingsId}
            onClick={() => setShowSettings((shown) => !shown)}
            className="flex w-full items-center justify-between rounded-lg px-4 py-3 text-left text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Advanced settings
            <ChevronDown
              aria-hidden="true"
              className={clsx('size-4 text-slate-400 transition-transform', showSettings && 'rotate-180')}
            />
          </button>
          <div
            id={settingsId}
            hidden={!showSettings}
            className="space-y-4 border-t border-slate-100 px-4 py-4"
          >
            <p className="text-sm text-slate-500">{DEFAULTS_TEXT}</p>
            <div className="grid gap-4 sm:grid-cols-3">
              <NumberField
                label="Teams"
                min={TEAMS_COUNT_MIN}
                max={TEAMS_COUNT_MAX}
                step={1}
                error={errors.settings?.teamsCount?.message}
                {...register('settings.teamsCount')}
              />
              <NumberField
                label="Players per Team"
                min={PLAYERS_PER_TEAM_MIN}
                max={PLAYERS_PER_TEAM_MAX}
                step={1}
                error={errors.settings?.playersPerTeam?.message}
                {...register('settings.playersPerTeam')}
              />
              <NumberField
                label="Budget per Team ($)"
                min={MIN_BID}
                step={1}
                error={errors.settings?.budgetPerTeam?.message}
                {...register('settings.budgetPerTeam')}
              />
            </div>
          </div>
        </div>

        {errors.root?.server && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.root.server.message}
          </p>
        )}
      </form>
    </Modal>
  );
}
