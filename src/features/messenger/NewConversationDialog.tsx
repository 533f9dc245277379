import { useLingui } from '@lingui/react/macro';
import type { PersonRow } from '../../../contract/messenger';
import { Dialog } from '../../ui/Dialog';
import { PeoplePicker } from './PeoplePicker';

export interface NewConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (person: PersonRow) => void;
}

/** "New conversation": pick one of the people the server lets me write to. */
export function NewConversationDialog({ open, onOpenChange, onPick }: NewConversationDialogProps) {
  const { t } = useLingui();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t`New conversation`}>
      {open ? <PeoplePicker purpose="direct" label={t`Find a person`} onPick={onPick} autoFocus /> : null}
    </Dialog>
  );
}
