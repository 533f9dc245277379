import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from 'react-router-dom';
import { usePageMeta } from '../../tenant/usePageMeta';
import { Button } from '../../ui/Button';
import { ArrowBackIcon } from '../../ui/icons';

export function NotFoundScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  usePageMeta(t`Page not found`);
  return (
    <div className="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p className="not-found-body">
        <Trans>The page could not be found. Try again, or contact an administrator if the problem continues.</Trans>
      </p>
      <Button
        variant="secondary"
        onClick={() => {
          // Back when there is somewhere to go back to inside the app, else home.
          if (window.history.length > 1) void navigate(-1);
          else void navigate('/');
        }}
      >
        <ArrowBackIcon />
        <Trans>Go back</Trans>
      </Button>
    </div>
  );
}
