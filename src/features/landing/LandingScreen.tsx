import { useLingui } from '@lingui/react/macro';
import { promptInstall, useInstallState } from '../../pwa/installPrompt';
import { usePageMeta } from '../../tenant/usePageMeta';
import { useCollege } from '../../tenant/tenantStore';
import { LandingView } from './LandingView';

export function LandingScreen() {
  const { t } = useLingui();
  const college = useCollege();
  const install = useInstallState();
  usePageMeta(t`Welcome`);
  return <LandingView college={college} install={install} onInstall={() => void promptInstall()} />;
}
