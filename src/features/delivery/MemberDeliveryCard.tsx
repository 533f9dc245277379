import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { deliveryPreferencesInput } from '../../../contract/delivery';
import { useOnlineSettings } from '../../forms/useOnlineSettings';
import type { MemberSectionProps } from '../../modules/uiModule';
import { showToast } from '../../ui/toastStore';
import { memberPreferences } from './deliveryApi';
import { MemberDeliveryView } from './MemberDeliveryView';
import './delivery.css';

/** How a member is reached, on an administrator's member screen (UiModule.member), online only. */
export function MemberDeliveryCard({ member }: MemberSectionProps) {
  // A new member starts from nothing: no other member's answer or typed choice carries over.
  return <MemberDelivery key={member.id} id={member.id} name={member.name} />;
}

function MemberDelivery({ id, name }: { id: string; name: string }) {
  const { t } = useLingui();
  const door = useMemo(() => memberPreferences(id), [id]);
  const { retry, save, ...state } = useOnlineSettings(door, deliveryPreferencesInput);
  return <MemberDeliveryView {...state} onRetry={retry} onSave={(input) => void save(input).then((ok) => ok && showToast(t`Saved how ${name} is reached`))} />;
}
