import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useCollege } from '../../tenant/tenantStore';
import { HomeView } from './HomeView';

export function HomeScreen({ sections }: { sections?: ReactNode }) {
  const { t, i18n } = useLingui();
  const college = useCollege();
  const { user } = useSession();
  usePageMeta(t`Home`);
  return <HomeView college={college} userName={user?.name ?? ''} locale={i18n.locale} today={new Date()} sections={sections} />;
}
