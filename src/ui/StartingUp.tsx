import { Spinner } from './Spinner';

export function StartingUp() {
  return (
    <main className="full-page">
      <Spinner />
    </main>
  );
}
