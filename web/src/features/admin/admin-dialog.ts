/** Which admin dialog is open. Drafts and teams are kept by id so an open dialog shows the latest data. */
export type AdminDialog =
  | { kind: 'createDraft' }
  | { kind: 'createTeam' }
  | { kind: 'deleteDraft'; draftId: string }
  | { kind: 'assignTeams'; draftId: string }
  | { kind: 'keepers'; draftId: string }
  | { kind: 'assignOwner'; teamId: string };
