import { Spinner } from '../ui/Spinner';

export function StartingUp() {
  return (
    <main className="full-page">
      <Spinner />
    </main>
  );
}
