import { SignedInData } from '../session/SignedInData';
import { AppLayout } from './AppLayout';

/** Every signed-in screen: the user's local data around the app bar and the screen. */
function SignedInArea() {
  return (
    <SignedInData>
      <AppLayout />
    </SignedInData>
  );
}

export const route = { Component: SignedInArea };
