import { UiModulesProvider } from '../modules/UiModules';
import { dataModules } from '../registry/dataModules';
import { uiModules } from '../registry/uiModules';
import { localSchema } from '../db/localSchema';
import { setUnsentTables } from '../session/localData';
import { SignedInData } from '../session/SignedInData';
import { AppLayout } from './AppLayout';

// A forced sign-out keeps a database with queued uploads, as one with unsent changes.
setUnsentTables(localSchema(dataModules).unsentTables);

/**
 * Every signed-in screen: the user's local data around the app bar and the screen. The
 * features reach the core here: their data modules make the database, their UI modules
 * label the outbox.
 */
export function SignedInArea() {
  return (
    <UiModulesProvider value={uiModules}>
      <SignedInData modules={dataModules}>
        <AppLayout />
      </SignedInData>
    </UiModulesProvider>
  );
}
